import { useQuery } from "@tanstack/react-query";
import { useRouteLoaderData } from "react-router";
import type { ArticleKind } from "@common/content";
import type { ArticleResponse } from "@server/content/api";
import { Alert } from "~/components/ui/alert";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { contentKeys } from "~/lib/query-keys";
import { KINDS } from "./article-kind";
import { ArticleEditor } from "./article-editor";
import { ArticleList } from "./article-list";

const DESCRIPTIONS: Record<ArticleKind, string> = {
  "blog-posts": "Write, schedule and publish articles for the public blog.",
  "help-guides": "Write and order the step-by-step guides in the resources section.",
};

export function ArticleListPage({ kind }: { kind: ArticleKind }) {
  const info = KINDS[kind];
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">{info.title}</h1>
        <p className="mt-2 text-muted-foreground">{DESCRIPTIONS[kind]}</p>
      </div>
      <ArticleList info={info} />
    </div>
  );
}

/** `/admin/<kind>/new` (a new item) or `/admin/<kind>/:id` (the stored item, loaded from the API). */
export function ArticleEditorPage({ kind, id }: { kind: ArticleKind; id: string }) {
  const info = KINDS[kind];
  const layout = useRouteLoaderData("routes/admin/layout") as { user: { name: string } } | undefined;
  const authorName = layout?.user.name ?? "";
  const isNew = id === "new";
  const detail = useQuery<ArticleResponse>({ queryKey: contentKeys(kind).detail(id), enabled: !isNew });
  if (isNew) return <ArticleEditor key="new" info={info} item={undefined} authorName={authorName} />;
  if (detail.isPending) return <ListSkeleton label={`Loading the ${info.one}...`} rows={8} />;
  if (detail.isError)
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-bold text-foreground">Edit {info.one}</h1>
        <Alert variant="error">{failureMessage(detail.error)}</Alert>
      </div>
    );
  return <ArticleEditor key={id} info={info} item={detail.data.item} authorName={authorName} />;
}
