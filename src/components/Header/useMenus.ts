/** Which header menu is open, and how pointer, keyboard, focus and navigation open and close it. */
import * as React from "react";
import type { Menu } from "../../config/navigation";
import { useOnPathnameChange } from "../../hooks/useOnPathnameChange";

type MenuId = Menu["id"];

export function useMenus(pathname: string) {
  const [openId, setOpenId] = React.useState<MenuId | null>(null);
  const buttonRefs = React.useRef(new Map<MenuId, HTMLButtonElement>());
  const closeTimer = React.useRef<number | undefined>(undefined);
  // A click that lands right after the pointer opened the menu by hovering must not close it again.
  const hoverOpenedAt = React.useRef(0);

  // A navigation closes whatever menu led to it.
  useOnPathnameChange(pathname, () => setOpenId(null));

  // Clicking anywhere outside the navigation closes an open menu.
  React.useEffect(() => {
    if (openId === null) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const item = buttonRefs.current.get(openId)?.closest("li");
      if (item && target && !item.contains(target)) setOpenId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openId]);

  const closeAndFocus = (id: MenuId) => {
    setOpenId(null);
    buttonRefs.current.get(id)?.focus();
  };

  /** The handlers of one menu's list item and of its button. */
  const menuProps = (id: MenuId) => {
    const open = openId === id;
    return {
      open,
      item: {
        onKeyDown: (event: React.KeyboardEvent<HTMLLIElement>) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            closeAndFocus(id);
          }
        },
        onBlur: (event: React.FocusEvent<HTMLLIElement>) => {
          const next = event.relatedTarget as Node | null;
          if (open && next && !event.currentTarget.contains(next)) setOpenId(null);
        },
        onMouseEnter: () => {
          window.clearTimeout(closeTimer.current);
          if (window.matchMedia("(hover: hover) and (pointer: fine)").matches && !open) {
            hoverOpenedAt.current = Date.now();
            setOpenId(id);
          }
        },
        onMouseLeave: () => {
          window.clearTimeout(closeTimer.current);
          closeTimer.current = window.setTimeout(() => setOpenId(null), 150);
        },
      },
      button: {
        onClick: () => {
          if (open && Date.now() - hoverOpenedAt.current < 400) return;
          setOpenId(open ? null : id);
        },
        onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpenId(id);
            // The panel renders on the next frame; focus its first link then.
            window.requestAnimationFrame(() => {
              document.querySelector<HTMLAnchorElement>(`#menu-${id} a`)?.focus();
            });
          }
        },
        ref: (el: HTMLButtonElement | null) => {
          if (el) buttonRefs.current.set(id, el);
        },
      },
    };
  };

  return menuProps;
}
