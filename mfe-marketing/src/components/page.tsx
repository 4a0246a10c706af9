import styled from 'styled-components';
import { Container } from '@site/shared/ui/primitives';

/** The main landmark of a marketing page, clear of the fixed header. */
export const PageMain = styled(Container).attrs({ as: 'main', id: 'main' })`
  padding-top: 112px;
  padding-bottom: 48px;
  min-height: 70vh;
`;
