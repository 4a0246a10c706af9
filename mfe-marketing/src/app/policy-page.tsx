import { usePageMeta, type PageHeadOf } from '@site/shared/page-meta';
import { Main } from '@site/shared/ui/primitives';
import { policies, type PolicyName } from '../features/policies/policies';

interface PolicyPageProps {
  policy: PolicyName;
}

/** The page's head, which the api also writes into the server HTML (from this module of the live release). */
export const head: PageHeadOf<PolicyPageProps> = ({ policy }) => ({ title: policies[policy].title, description: policies[policy].description });

export default function PolicyPage({ policy }: PolicyPageProps) {
  const content = policies[policy];
  usePageMeta(head({ policy }));
  return (
    <Main>
      <article>
        <h1>{content.title}</h1>
        <p>
          <strong>Effective date:</strong> {content.effective}
        </p>
        {content.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
      </article>
    </Main>
  );
}
