import { seo } from "~/lib/seo";
import type { Route } from "./+types/industries";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "industries · Admin", description: "industries", noindex: true });

export default function Page() {
  return <h1>industries</h1>;
}
