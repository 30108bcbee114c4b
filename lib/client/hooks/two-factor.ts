"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DisableTwoFactorInput,
  EnableTwoFactorInput,
  ReauthenticatedView,
  ReauthenticateInput,
  RecoveryCodesView,
  TwoFactorSetupView,
  TwoFactorStatusView,
} from "../../auth/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

/** The account page's two-factor sign-in and the re-authentication dialog (docs/accounts.md). */

const key = queryKeys.account.twoFactor;

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: key(), queryFn: () => apiFetch<TwoFactorStatusView>("/v1/account/2fa"), enabled });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => apiFetch<TwoFactorSetupView>("/v1/account/2fa/setup", { method: "POST" }) });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EnableTwoFactorInput) => apiFetch<RecoveryCodesView>("/v1/account/2fa/enable", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key() }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => apiFetch<{ message: string }>("/v1/account/2fa/disable", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key() }),
  });
}

/** Sent by the dialog itself: never retried through the dialog. */
export function reauthenticate(input: ReauthenticateInput) {
  return apiFetch<ReauthenticatedView>("/v1/account/reauthenticate", { method: "POST", body: input }, true);
}
