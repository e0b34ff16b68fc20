import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import type { FaqItemsResponse } from "@server/content/faq-api";
import type { FaqItem } from "@server/content/faq";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { faqKeys } from "~/lib/query-keys";

type Direction = "up" | "down";

/**
 * One category's questions in public order, reordered by dragging the handle (pointer or
 * keyboard: space, arrows, space) or with the Move up / Move down buttons. After a move the
 * focus stays on the moved question's button and a polite live region says where it went.
 * The new order is saved at once (POST /reorder) and shown before the server answers.
 */
export function FaqCategoryList({
  category,
  items,
  busy,
  onEdit,
  onDelete,
}: {
  category: string;
  items: FaqItem[];
  busy: boolean;
  onEdit: (item: FaqItem) => void;
  onDelete: (item: FaqItem) => void;
}) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome, { success: false });
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The category's order as the cache holds it now (the last optimistic move included), not
  // as it was at the last render: a key press between a move and its re-render, or while a
  // refetch is on its way, must build on the newest order.
  const currentOrder = () =>
    queryClient.getQueryData<FaqItemsResponse>(faqKeys.list())?.items.filter((item) => item.category === category) ??
    items;

  // Moves are saved one after another (one scope), so quick key presses arrive in order;
  // the buttons stay enabled meanwhile so the focus never falls off the moved question. Each
  // save names the order it was based on, so a list changed elsewhere meanwhile is a 409.
  const save = useMutation({
    mutationKey: ["faq-reorder"],
    scope: { id: "faq-reorder" },
    mutationFn: ({ basis, ids }: { basis: string[]; ids: string[] }) =>
      apiAction("POST", `${faqKeys.all[0]}/reorder`, { category, basis, ids }),
    onMutate: async ({ ids }) => {
      // A refetch started after an earlier move would answer with the order before this one.
      await queryClient.cancelQueries({ queryKey: faqKeys.all });
      const previous = queryClient.getQueryData<FaqItemsResponse>(faqKeys.list());
      if (previous) {
        const byId = new Map(previous.items.map((item) => [item.id, item]));
        const queue = ids.map((id) => byId.get(id)!);
        const items = previous.items.map((item) => (item.category === category ? queue.shift()! : item));
        queryClient.setQueryData<FaqItemsResponse>(faqKeys.list(), { ...previous, items });
      }
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(faqKeys.list(), context.previous);
      setAnnouncement("The new order could not be saved; the list is back as it was.");
      setOutcome(error);
    },
    onSuccess: setOutcome,
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: ["faq-reorder"] }) <= 1)
        await queryClient.invalidateQueries({ queryKey: faqKeys.all });
    },
  });

  // The button that keeps the focus after a move. Any commit that moves its row (the
  // optimistic order, a refetch) takes the focus off it; it gets it back here, unless the
  // person has put the focus somewhere else meanwhile.
  const pendingFocus = useRef<{ id: string; direction: Direction } | null>(null);
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const target = buttons.current.get(`${pending.id}:${pending.direction}`);
    const own = [buttons.current.get(`${pending.id}:up`), buttons.current.get(`${pending.id}:down`)];
    const active = document.activeElement;
    if (!target || active === target) return;
    if (active && active !== document.body && !own.includes(active as HTMLButtonElement)) {
      pendingFocus.current = null;
      return;
    }
    target.focus();
  }, [items]);

  const moveTo = (id: string, to: (from: number) => number, focus?: Direction) => {
    const order = currentOrder();
    const from = order.findIndex((item) => item.id === id);
    const target = to(from);
    if (from < 0 || target < 0 || target >= order.length || from === target) return;
    const moved = order[from]!;
    const basis = order.map((item) => item.id);
    save.mutate({ basis, ids: arrayMove(basis, from, target) });
    setAnnouncement(`“${moved.question}” moved to position ${target + 1} of ${order.length} in ${category}.`);
    if (focus) {
      // At the top or bottom the pressed button is disabled: keep the focus on the other one.
      const direction =
        target === 0 && focus === "up" ? "down" : target === order.length - 1 && focus === "down" ? "up" : focus;
      pendingFocus.current = { id: moved.id, direction };
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    pendingFocus.current = null;
    const to = currentOrder().findIndex((item) => item.id === over.id);
    moveTo(String(active.id), () => to);
  };

  const headingPosition = (id: string | number) => {
    const index = items.findIndex((item) => item.id === id);
    return `“${items[index]?.question}”, position ${index + 1} of ${items.length}`;
  };

  return (
    <Card title={category} description={`${items.length} ${items.length === 1 ? "question" : "questions"}`}>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      <DndContext
        id={`faq-dnd-${category}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              "To move a question, press space or enter, use the up and down arrows, then press space or enter to drop it, or escape to cancel.",
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${headingPosition(active.id)}.`,
            onDragOver: ({ over }) => (over ? `Over ${headingPosition(over.id)}.` : "Not over a question."),
            onDragEnd: ({ active, over }) =>
              over
                ? `Dropped. ${headingPosition(active.id).split(",")[0]} is now at position ${items.findIndex((i) => i.id === over.id) + 1}.`
                : "Dropped.",
            onDragCancel: () => "Moving cancelled; the order is unchanged.",
          },
        }}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ol
            className="mt-4 divide-y divide-border rounded-md border border-border"
            aria-label={`Questions in ${category}`}
          >
            {items.map((item, index) => (
              <SortableRow
                key={item.id}
                item={item}
                first={index === 0}
                last={index === items.length - 1}
                busy={busy}
                registerButton={(key, el) => {
                  if (el) buttons.current.set(`${item.id}:${key}`, el);
                  else buttons.current.delete(`${item.id}:${key}`);
                }}
                onMove={(direction) => moveTo(item.id, (from) => (direction === "up" ? from - 1 : from + 1), direction)}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </Card>
  );
}

function SortableRow({
  item,
  first,
  last,
  busy,
  registerButton,
  onMove,
  onEdit,
  onDelete,
}: {
  item: FaqItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  registerButton: (key: Direction, el: HTMLButtonElement | null) => void;
  onMove: (direction: Direction) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-3 bg-card px-3 py-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-faq-item={item.slug}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder: ${item.question}`}
        className="cursor-grab rounded p-1 text-muted-foreground hover:bg-subtle focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
      >
        <GripVertical className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-foreground">{item.question}</p>
        <p className="text-sm text-muted-foreground">#{item.slug}</p>
      </div>
      <Badge variant={item.published ? "success" : "warning"}>{item.published ? "Published" : "Draft"}</Badge>
      <div className="flex flex-wrap gap-1.5">
        {(["up", "down"] as const).map((direction) => {
          const Icon = direction === "up" ? ArrowUp : ArrowDown;
          const label = direction === "up" ? "Move up" : "Move down";
          return (
            <Button
              key={direction}
              ref={(el) => registerButton(direction, el)}
              type="button"
              variant="outline"
              size="sm"
              disabled={(direction === "up" ? first : last) || busy}
              aria-label={`${label}: ${item.question}`}
              onClick={() => onMove(direction)}
            >
              <Icon className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{label}</span>
            </Button>
          );
        })}
        <Button type="button" variant="outline" size="sm" aria-label={`Edit: ${item.question}`} onClick={onEdit}>
          Edit
        </Button>
        <ConfirmAction
          disabled={busy}
          trigger="Delete"
          triggerLabel={`Delete: ${item.question}`}
          title="Delete this question?"
          description={`“${item.question}” is removed from the public FAQ and its link stops working.`}
          confirmLabel="Delete question"
          destructive
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
