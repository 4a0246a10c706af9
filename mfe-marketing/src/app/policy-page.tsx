import { usePageMeta } from '@site/shared/page-meta';
import { Main } from '@site/shared/ui/primitives';
import { policies, type PolicyName } from '../features/policies/policies';

export default function PolicyPage({ policy }: { policy: PolicyName }) {
  const content = policies[policy];
  usePageMeta({ title: content.title, description: content.description });
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
