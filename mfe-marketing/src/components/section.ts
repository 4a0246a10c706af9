import styled from 'styled-components';

/** A section of the home page (and a service page's): only this remote lays them out. */
export const Section = styled.section`
  padding: 72px 0;
`;
