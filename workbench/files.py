"""Writing files so that a crash never leaves half of one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` to ``path`` all at once or not at all.

    The data goes to a temporary file in the same folder, is flushed to disk, takes the
    permissions of the file it replaces (0644 for a new one), and is renamed over ``path``.
    An interrupted write leaves the old file as it was and no temporary file behind.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_atomic(os.path.join(folder, "a.txt"), "hello")
    ...     out.read_text(), oct(out.stat().st_mode & 0o777), os.listdir(folder)
    ('hello', '0o644', ['a.txt'])
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
