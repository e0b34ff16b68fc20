import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-posts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog posts · Admin",
    description: "Write, schedule and publish articles for the public blog.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Blog posts</h1>
      <p className="mt-2 text-slate-600">Write, schedule and publish articles for the public blog.</p>
    </>
  );
}
