import { Remote } from '@site/shared/remote';
import { Block, Lead, Loading, SectionTitle } from '../../components/layout';

/** Commerce's subscription packages, composed through federation; each links its own page. */
export function MembershipsSection() {
  return (
    <Block aria-labelledby="memberships-title">
      <SectionTitle id="memberships-title">Memberships</SectionTitle>
      <Lead>Ongoing help from the team, paid by the period.</Lead>
      <Remote id="mfe_commerce/SubscriptionPackages" what="the memberships" fallback={<Loading label="Loading packages…" />} />
    </Block>
  );
}
