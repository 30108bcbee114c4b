"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiKeyInput, LoginInput } from "../../auth/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type Me = { user: { id: number; email: string; name: string } };
export type ShopSummary = { id: number; name: string; subdomain: string };
export type ApiKey = {
  id: number;
  name: string;
  prefix: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

const keys = queryKeys.account;

export function useMe() {
  return useQuery({ queryKey: keys.me(), queryFn: () => apiFetch<Me>("/v1/auth/me"), retry: false });
}

export function useShops() {
  return useQuery({ queryKey: keys.shops.lists(), queryFn: () => apiFetch<ShopSummary[]>("/v1/shops") });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiFetch<Me>("/v1/auth/login", { method: "POST", body: input }),
    onSuccess: (me) => client.setQueryData(keys.me(), me),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>("/v1/auth/logout", { method: "POST" }),
    onSuccess: () => client.clear(),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys.lists(), queryFn: () => apiFetch<ApiKey[]>("/v1/api-keys") });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => apiFetch<ApiKey & { key: string }>("/v1/api-keys", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.apiKeys.lists() }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/v1/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.apiKeys.lists() }),
  });
}
