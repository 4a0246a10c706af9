import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Button, Card } from '@site/shared/ui/primitives';
import { PageHeader } from '../../components/ui';

export function CareersPage() {
  usePageMeta({ title: 'Careers', description: 'Job positions.' });
  return (
    <>
      <PageHeader>
        <h1>Careers</h1>
        {/* The spec's placeholder: positions are not built yet, so the button only says so. */}
        <Button type="button" onClick={() => toast.message('Job positions are coming soon.')}>
          New Position
        </Button>
      </PageHeader>
      <Card as="section" aria-label="Job positions">
        <h2>Coming Soon</h2>
        <p>Job positions will be managed here.</p>
      </Card>
    </>
  );
}
