/**
 * The dashboard list the administrator was looking at: the same tab, search and page, and nothing
 * else from the URL (each value cut to 100 characters). Where a dashboard form sends her back.
 */
export function dashboardListAddress(url: URL): string {
  const back = new URLSearchParams();
  for (const key of ["tab", "q", "page"]) {
    const value = url.searchParams.get(key);
    if (value) back.set(key, value.slice(0, 100));
  }
  const query = back.toString();
  return query ? `/settings/admin?${query}` : "/settings/admin";
}
