import type { Queryable } from "~/server/db/client.server";

// The Offers tab's data (issue 6): each product's price and the next cohort date, as installed
// and as overridden by the admin. Being built: the shape is fixed so the dashboard can render it.

export interface OfferRow {
  productKey: string;
  name: string;
  mode: "one_time" | "monthly";
  installedPence: number;
  currentPence: number;
}

export interface OffersData {
  offers: OfferRow[];
  nextCohortDate: { installed: string; current: string };
}

export async function loadOffersData(_db: Queryable): Promise<OffersData> {
  return { offers: [], nextCohortDate: { installed: "", current: "" } };
}
