// A computer player's thinking, off the page's thread (src/play/think.rs). The page first sends
// `{js, module}`: the address of its game's module and the module's compiled wasm, which this
// worker starts a second time (no second download). Then each message is `[id, request]`, a
// seat's view and level as JSON, answered with `[id, true, action]` or `[id, false, reason]`.
let game;

self.onmessage = async ({ data }) => {
  if (!Array.isArray(data)) {
    game = import(data.js).then(async (module) => {
      await module.default({ module_or_path: data.module });
      return module;
    });
    return;
  }
  const [id, request] = data;
  try {
    const module = await game;
    self.postMessage([id, true, module.think(request)]);
  } catch (err) {
    self.postMessage([id, false, String(err?.message ?? err)]);
  }
};
