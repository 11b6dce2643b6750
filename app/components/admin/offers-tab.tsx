import type { OffersData } from "~/server/admin/offers.server";

// Being built (issue 6): the Offers tab of /settings/admin.
export function OffersTab({ data }: { data: OffersData }) {
  return <p>{data.offers.length} offers.</p>;
}
