import { useEffect, useState } from 'react';
import { usePreloaded } from '@site/shared/preloaded';
import { useParams } from 'react-router-dom';
import type { Package } from '@site/shared/contracts/packages';
import { NOT_FOUND_META, usePageMeta } from '@site/shared/page-meta';
import { Card, HomeLink, Main, StatusText } from '@site/shared/ui/primitives';
import { BuyButton } from '../features/packages/buy-button';
import { PackageFacts } from '../features/packages/package-facts';
import { fetchPackageBySlug, packageBySlugKey } from '../features/packages/packages-api';
import { TEXT } from '../lib/texts';

type State = { phase: 'loading' } | { phase: 'missing' } | { phase: 'failed' } | { phase: 'ready'; pkg: Package };

export default function PackagePage() {
  const { slug = '' } = useParams();
  const preloaded = usePreloaded<Package[]>(packageBySlugKey(slug));
  const [state, setState] = useState<State>(() =>
    !preloaded ? { phase: 'loading' } : preloaded[0] ? { phase: 'ready', pkg: preloaded[0] } : { phase: 'missing' },
  );
  const hasPreloaded = preloaded !== undefined;
  useEffect(() => {
    if (hasPreloaded) return undefined;
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchPackageBySlug(slug, controller.signal)
      .then((pkg) => setState(pkg ? { phase: 'ready', pkg } : { phase: 'missing' }))
      .catch(() => !controller.signal.aborted && setState({ phase: 'failed' }));
    return () => controller.abort();
  }, [slug, hasPreloaded]);

  const pkg = state.phase === 'ready' ? state.pkg : null;
  usePageMeta({
    title: pkg?.name ?? (state.phase === 'missing' ? NOT_FOUND_META.package.title : 'Package'),
    description: pkg?.description ?? NOT_FOUND_META.package.description,
    noindex: state.phase === 'missing',
  });

  return (
    <Main $maxWidth="760px">
      {state.phase === 'loading' && <StatusText role="status">Loading package…</StatusText>}
      {state.phase === 'missing' && (
        <>
          <h1>Package</h1>
          <StatusText role="alert" $tone="error">
            {TEXT.packageNotFound}
          </StatusText>
          <HomeLink />
        </>
      )}
      {state.phase === 'failed' && (
        <>
          <h1>Package</h1>
          <StatusText role="alert" $tone="error">
            {TEXT.packageLoadFailed}
          </StatusText>
        </>
      )}
      {pkg && (
        <Card as="article" aria-labelledby={`package-name-${pkg.id}`}>
          <h1 id={`package-name-${pkg.id}`} style={{ marginTop: 0 }}>
            {pkg.name}
          </h1>
          <PackageFacts pkg={pkg} />
          <BuyButton key={pkg.id} pkg={pkg} />
        </Card>
      )}
    </Main>
  );
}
