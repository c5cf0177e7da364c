// Errors set on the application, kept with a timestamp: the error page shows when it
// happened, and the loading bar turns pink when a load it tracked ended in one.
import { create } from "zustand";

export interface AppError {
  message: string;
  status: number;
  at: number;
}

interface AppErrorsState {
  errors: AppError[];
  record(error: Omit<AppError, "at">): void;
}

const KEEP = 20;

export const useAppErrors = create<AppErrorsState>((set) => ({
  errors: [],
  record: (error) => set((s) => ({ errors: [...s.errors.slice(-(KEEP - 1)), { ...error, at: Date.now() }] })),
}));
