// The wishlist: saved products, kept in the visitor's browser only (localStorage), keyed by the
// English (default-language) product ids so one list serves both languages.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export const WISHLIST_LIMIT = 100;

interface WishlistState {
  ids: number[];
  has(id: number): boolean;
  toggle(id: number): void;
  add(ids: number[]): void;
  remove(id: number): void;
  clear(): void;
}

export const useWishlist = create<WishlistState>()(
  persist(
    (set, get) => ({
      ids: [],
      has: (id) => get().ids.includes(id),
      toggle: (id) =>
        set((s) => ({
          ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id].slice(-WISHLIST_LIMIT),
        })),
      add: (ids) =>
        set((s) => ({
          ids: [...new Set([...s.ids, ...ids.filter((id) => Number.isInteger(id) && id > 0)])].slice(-WISHLIST_LIMIT),
        })),
      remove: (id) => set((s) => ({ ids: s.ids.filter((x) => x !== id) })),
      clear: () => set({ ids: [] }),
    }),
    {
      name: "fc:wishlist",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ ids: s.ids }),
      // The server renders an empty list; the browser reads the stored one after hydration.
      skipHydration: true,
    },
  ),
);
