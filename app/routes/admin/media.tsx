import { seo } from "~/lib/seo";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "media · Admin", description: "media", noindex: true });

export default function Page() {
  return <h1>media</h1>;
}
