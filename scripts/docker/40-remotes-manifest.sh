#!/bin/sh
# Writes the shell's run-time remotes manifest from the environment, so a remote can move or be
# redeployed without rebuilding the shell.
set -eu
mkdir -p /tmp/runtime
manifest_url() {
  case "$1" in
    *.json|*.js) printf '%s' "$1" ;;
    *) printf '%s/mf-manifest.json' "${1%/}" ;;
  esac
}
cat > /tmp/runtime/remotes.json <<JSON
{
  "mfe_storefront": "$(manifest_url "${REMOTE_STOREFRONT_URL:?REMOTE_STOREFRONT_URL is required}")",
  "mfe_account": "$(manifest_url "${REMOTE_ACCOUNT_URL:?REMOTE_ACCOUNT_URL is required}")",
  "mfe_backoffice": "$(manifest_url "${REMOTE_BACKOFFICE_URL:?REMOTE_BACKOFFICE_URL is required}")"
}
JSON
