import { seo } from "~/lib/seo";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "settings · Admin", description: "settings", noindex: true });

export default function Page() {
  return <h1>settings</h1>;
}
