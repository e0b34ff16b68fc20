import { data } from "react-router";
import type { Route } from "./+types/guide";

export async function loader(_args: Route.LoaderArgs) {
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
