// Every path no other route claims: 404 with 'This page could not be found'.
import { notFound } from "../lib/route-helpers";

export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
