import { data } from "react-router";

// Filled in by its issue; until then it answers 404 like any unknown address.
export function loader() {
  throw data(null, { status: 404 });
}
