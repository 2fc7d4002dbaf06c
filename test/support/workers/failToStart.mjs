// A decision worker that dies while loading, before it is ready (a broken install).
throw new Error('cannot start on purpose');
