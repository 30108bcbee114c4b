"use client";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice } from "@/components/notice";
import { QueryView } from "@/components/query-view";
import { useProductsInStoreOrder, useSortProducts, type Product } from "@/lib/client/hooks/products";

type Direction = "up" | "down";

const moveButtonId = (productId: number, direction: Direction) => `move-${direction}-${productId}`;

/**
 * The reorder mode of the product list (loaded only by that page, so the
 * drag library stays out of every other bundle): every live product in the
 * storefront's order, moved by dragging its handle (mouse, pen, touch), by
 * the handle with the keyboard (Space picks up, arrows move, Space drops),
 * or by its up and down buttons; each move is announced. Save sends the
 * whole order in one PUT .../products/sort.
 */
export default function ProductReorder({
  shopId,
  onSaved,
  onCancel,
}: {
  shopId: string;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const products = useProductsInStoreOrder(shopId, true);
  const sort = useSortProducts(shopId);
  // null until the seller moves something: until then the list is the server's order
  const [moved, setMoved] = useState<Product[] | null>(null);
  const order = moved ?? products.data ?? [];
  const [announcement, setAnnouncement] = useState("");
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: Direction } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // a moved row is re-inserted in the DOM, which drops the focus of the button that moved it
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const button = document.getElementById(moveButtonId(id, direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(id, direction === "up" ? "down" : "up"));
    (button && !button.disabled ? button : other)?.focus();
  }, [focusAfterMove]);

  const indexOf = (id: UniqueIdentifier) => order.findIndex((product) => product.id === Number(id));
  const nameOf = (id: UniqueIdentifier) => order[indexOf(id)]?.name ?? "The product";
  const place = (index: number) => `position ${index + 1} of ${order.length}`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    setMoved(arrayMove(order, from, to));
    setAnnouncement(`${order[from]!.name} moved to ${place(to)}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setMoved(arrayMove(order, indexOf(active.id), indexOf(over.id)));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${place(indexOf(active.id))}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${place(indexOf(over.id))}.` : `${nameOf(active.id)} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${place(indexOf(over.id))}.` : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it is back at ${place(indexOf(active.id))}.`,
  };

  const save = () =>
    sort.mutate(
      { sortedIds: order.map((product) => product.id) },
      {
        onSuccess: (result) => onSaved(`Order saved: ${result.updated} product${result.updated === 1 ? "" : "s"} in their new places.`),
      },
    );

  return (
    <section aria-labelledby="reorder-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="reorder-heading" className="text-base font-semibold text-slate-900">
            Reorder products
          </h2>
          <p className="text-sm text-slate-600">
            The order buyers see on the storefront (within a group, and among products of no group). Drag a row by its handle, or use the
            arrows; nothing changes until you save.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sort.isPending}>
            Cancel
          </Button>
          <Button onClick={save} disabled={sort.isPending || order.length === 0}>
            {sort.isPending ? "Saving…" : "Save order"}
          </Button>
        </div>
      </div>
      {sort.error ? <ErrorNotice>{sort.error.message}</ErrorNotice> : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <QueryView query={products} loading="Loading products" empty="No products yet. Create your first one.">
        {() => (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  "To pick up a product, press Space or Enter. Move it with the up and down arrow keys, press Space or Enter again to drop it, or Escape to cancel.",
              },
            }}
          >
            <SortableContext items={order.map((product) => product.id)} strategy={verticalListSortingStrategy}>
              <ol aria-label="Products in storefront order" className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {order.map((product, index) => (
                  <SortableRow
                    key={product.id}
                    product={product}
                    index={index}
                    count={order.length}
                    onMove={(direction) => {
                      move(index, direction === "up" ? index - 1 : index + 1);
                      setFocusAfterMove({ id: product.id, direction });
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </QueryView>
    </section>
  );
}

function SortableRow({
  product,
  index,
  count,
  onMove,
}: {
  product: Product;
  index: number;
  count: number;
  onMove: (direction: Direction) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="reorder-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-3 px-3 py-2 text-sm ${isDragging ? "relative z-10 bg-blue-50 shadow-md" : "bg-white"}`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${product.name}`}
        className="cursor-grab touch-none rounded px-1 text-lg leading-none text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="w-8 text-right text-slate-500 tabular-nums" aria-hidden="true">
        {index + 1}
      </span>
      <span className="min-w-0 flex-1 font-medium wrap-anywhere text-slate-900">{product.name}</span>
      <span className="hidden text-slate-500 sm:inline">{product.visibility.replace("_", " ")}</span>
      <div className="flex gap-1">
        <Button
          id={moveButtonId(product.id, "up")}
          variant="secondary"
          className="px-2 py-1"
          aria-label={`Move ${product.name} up`}
          disabled={index === 0}
          onClick={() => onMove("up")}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          id={moveButtonId(product.id, "down")}
          variant="secondary"
          className="px-2 py-1"
          aria-label={`Move ${product.name} down`}
          disabled={index === count - 1}
          onClick={() => onMove("down")}
        >
          <span aria-hidden="true">↓</span>
        </Button>
      </div>
    </li>
  );
}
