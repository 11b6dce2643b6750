import type { Route } from "./+types/sales";
import { SalesTab } from "~/components/admin/sales-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadSalesTab, saleProducts, salesFilterFrom } from "~/server/admin/sales.server";
import { requireAdmin } from "~/server/auth/guards.server";

// /settings/admin/sales: the Sales tab (docs/product.md §10.11), every payment newest first, filtered
// by product and status in the URL (?product=…&status=…&page=…); the CSV is ./sales-export.ts.

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { sales: await loadSalesTab(salesFilterFrom(url)), products: saleProducts() };
}

export default function SalesRoute({ loaderData }: Route.ComponentProps) {
  const { sales, products } = loaderData;
  return sales ? <SalesTab page={sales} products={products} /> : <TabFailed tab="sales" />;
}
