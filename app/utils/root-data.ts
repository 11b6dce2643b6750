import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "~/root";

/** The root loader's data (site configuration and the signed-in user) from any component. */
export function useRootData(): RootLoaderData {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("Root loader data is missing");
  return data;
}
