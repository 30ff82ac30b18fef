import { useEffect, useState, type RefObject } from "react";

/** The form's ticked checkboxes named `ids`, wherever they sit (they join it with `form=`). */
function boxes(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.elements].filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === "ids",
  );
}

/**
 * The select mode's script: shift-click ticks (or clears) every photo between
 * the last one clicked and this one, in reading order, and the count follows.
 */
export function useCheckboxRange(formRef: RefObject<HTMLFormElement | null>) {
  const [count, setCount] = useState(0);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let last: HTMLInputElement | null = null;
    const recount = () => setCount(boxes(form).filter((box) => box.checked).length);
    const clicked = (event: MouseEvent) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.name !== "ids" || box.form !== form) return;
      const all = boxes(form);
      if (event.shiftKey && last && all.includes(last)) {
        const [from, to] = [all.indexOf(last), all.indexOf(box)].sort((a, b) => a - b) as [number, number];
        for (const other of all.slice(from, to + 1)) other.checked = box.checked;
      }
      last = box;
      recount();
    };
    recount();
    document.addEventListener("click", clicked);
    return () => document.removeEventListener("click", clicked);
  }, [formRef]);

  function selectAll() {
    const form = formRef.current;
    if (!form) return;
    for (const box of boxes(form)) box.checked = true;
    setCount(boxes(form).length);
  }

  return { count, selectAll };
}
