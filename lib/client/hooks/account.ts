"use client";
import type { ApiKeyView, NewApiKeyView, SignedInView } from "../../auth/schemas";
import type { ShopView } from "../../shops/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiKeyInput } from "../../auth/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type Me = SignedInView;
export type ShopSummary = ShopView;
export type ApiKey = ApiKeyView;

const keys = queryKeys.account;

export function useMe() {
  return useQuery({ queryKey: keys.me(), queryFn: () => apiFetch<Me>("/v1/auth/me"), retry: false });
}

export function useShops() {
  return useQuery({ queryKey: keys.shops.lists(), queryFn: () => apiFetch<ShopSummary[]>("/v1/shops") });
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
    mutationFn: (input: CreateApiKeyInput) => apiFetch<NewApiKeyView>("/v1/api-keys", { method: "POST", body: input }),
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
