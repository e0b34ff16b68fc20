import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HelpCircle, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import type { FaqItemsResponse } from "@server/content/faq-api";
import type { FaqItem } from "@server/content/faq";
import { FaqFormDialog } from "./faq-form";
import { FaqCategoryList } from "./faq-list";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { faqKeys } from "~/lib/query-keys";

/**
 * The FAQ items by category, in public order (GET /api/admin/faq-items): add, edit,
 * publish, delete, and reorder within a category by drag and drop or the move buttons.
 */
export function FaqItemsPage() {
  const faq = useQuery<FaqItemsResponse>({ queryKey: faqKeys.list() });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ item?: FaqItem } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const remove = useMutation({
    mutationFn: (item: FaqItem) => apiAction("DELETE", `${faqKeys.all[0]}/${encodeURIComponent(item.id)}`),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: faqKeys.all }),
  });
  const onOpenChange = useCallback((open: boolean) => !open && setEditing(null), []);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-foreground">FAQ items</h1>
          <p className="mt-2 text-muted-foreground">
            Questions and answers on the public FAQ, in the order visitors see them.
          </p>
        </div>
        <Button type="button" onClick={() => setEditing({})}>
          <Plus className="size-4" aria-hidden />
          Add a question
        </Button>
      </div>
      {faq.isPending ? (
        <ListSkeleton label="Loading FAQ items..." />
      ) : faq.isError ? (
        <Alert variant="error">{failureMessage(faq.error)}</Alert>
      ) : faq.data.items.length === 0 ? (
        <EmptyState
          icon={HelpCircle}
          title="No questions yet"
          description="Add the questions customers ask most; they appear on the public FAQ page."
        />
      ) : (
        faq.data.categories.map((category) => (
          <FaqCategoryList
            key={category}
            category={category}
            items={faq.data.items.filter((item) => item.category === category)}
            busy={remove.isPending}
            onEdit={(item) => setEditing({ item })}
            onDelete={(item) => remove.mutate(item)}
          />
        ))
      )}
      <FaqFormDialog
        open={editing !== null}
        item={editing?.item}
        categories={faq.data?.categories ?? []}
        onOpenChange={onOpenChange}
      />
    </div>
  );
}
