"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, SessionListView } from "../../auth/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

/** The account page's password and sessions (docs/accounts.md). */

const key = queryKeys.account.sessions;

export function useSessions() {
  return useQuery({ queryKey: key(), queryFn: () => apiFetch<SessionListView>("/v1/account/sessions") });
}

/** The dashboard's own password, or (`portal`) the reseller portal's: one account, two doors. */
export function useChangePassword(portal = false) {
  const client = useQueryClient();
  const path = portal ? "/v1/reseller/account/password" : "/v1/account/password";
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiFetch<{ message: string }>(path, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key() }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/v1/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key() }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ message: string }>("/v1/account/sessions", { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key() }),
  });
}
