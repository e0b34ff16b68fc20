import type { KindInfo } from "./article-kind";
import type { EditorItem } from "./article-form";
import {
  ContentCards,
  DeleteCard,
  EditorDialogs,
  EditorHeader,
  OrganiseCard,
  PublicationCard,
} from "./article-editor-parts";
import { HistoryPanel } from "./history-panel";
import { useArticleEditor } from "./use-article-editor";

/**
 * The one editor of blog posts and help guides: title, slug (from the title until edited,
 * checked as you type), Markdown body with live preview, excerpt, category and tags,
 * cover image, search fields, status (draft / scheduled in Arizona time / published),
 * autosave of drafts, the stale-version conflict, the leave warning, preview (of the saved
 * item, or of the unsaved changes) and history. Its parts are in article-editor-parts.tsx.
 */
export function ArticleEditor({
  info,
  item,
  authorName,
}: {
  info: KindInfo;
  item: EditorItem | undefined;
  authorName: string;
}) {
  const editor = useArticleEditor(info, item, authorName);
  const parts = { info, item, editor };
  return (
    <div className="grid grid-cols-1 gap-6">
      <EditorHeader {...parts} />
      <form
        className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
        noValidate
        aria-label={`${item ? "Edit" : "New"} ${info.one}`}
        onSubmit={(e) => {
          e.preventDefault();
          editor.save();
        }}
      >
        <div className="grid min-w-0 content-start gap-6">
          <ContentCards {...parts} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <PublicationCard {...parts} />
          <OrganiseCard {...parts} authorName={authorName} />
          {item ? (
            <HistoryPanel
              info={info}
              itemId={item.id}
              baseVersion={editor.baseVersion}
              dirty={editor.dirty}
              onRestored={editor.reload}
            />
          ) : null}
          {item ? <DeleteCard {...parts} item={item} /> : null}
        </div>
      </form>
      <EditorDialogs info={info} editor={editor} />
    </div>
  );
}
