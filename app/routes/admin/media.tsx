import { MediaPage } from "~/components/admin/media/media-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Media · Admin", description: "Uploaded images and where they are used.", noindex: true });

/** The media screen (components/admin/media/media-page.tsx). */
export default function Page() {
  return <MediaPage />;
}
