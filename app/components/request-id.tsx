import { createContext, useContext } from "react";

/** The id of the request this page answers, for the error page; only the server render knows it. */
const RequestIdContext = createContext<string>("");

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId(): string {
  return useContext(RequestIdContext);
}
