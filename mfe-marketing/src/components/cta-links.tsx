import { Link } from 'react-router-dom';
import { ButtonLink } from '@site/shared/ui/primitives';

interface CtaLink {
  /** An in-page target such as `#contact`. */
  to: string;
  label: string;
}

/** A section's two calls to action: the main one, then the alternative as a ghost button. */
export function CtaLinks({ main, alternative }: { main: CtaLink; alternative: CtaLink }) {
  return (
    <>
      <ButtonLink as={Link} to={main.to}>
        {main.label}
      </ButtonLink>
      <ButtonLink as={Link} to={alternative.to} $variant="ghost">
        {alternative.label}
      </ButtonLink>
    </>
  );
}
