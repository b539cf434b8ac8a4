"""Writing files so that a crash never leaves half of one, and never anything but a file.

Everything rail-workbench writes (maps, rules, tables, pages) goes through
:func:`write_atomic`: the data goes to a temporary file next to the target, named
``.NAME.PID.RANDOM.tmp``, which is flushed and renamed over the target. Only a regular file
(or a symbolic link to one, which is kept) is ever replaced: a folder, a FIFO or a device is
refused, so ``render -o /dev/full`` cannot turn a device into a file. A save that was killed
leaves its temporary file behind; the next save to the same target removes the temporary
files of processes that are no longer running. :func:`output_problem` says before any work
starts whether a path can be written at all.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["output_problem", "write_atomic"]


def _target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: the path, or the file its symbolic link names.

    Raises an ``OSError`` when that is something other than a regular file or a new path.
    """
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    if not stat.S_ISREG(mode):
        kind = (
            "FIFO"
            if stat.S_ISFIFO(mode)
            else "device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "socket"
            if stat.S_ISSOCK(mode)
            else "special file"
        )
        raise FileExistsError(
            errno.EEXIST,
            f"is a {kind}, not a regular file: write to a regular file or a new path",
            str(path),
        )
    return target


def output_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path``, or None when it can.

    The folder must exist and take a new file (tried for real, so that ``/proc`` or a
    read-only disk is caught even for root), and ``path`` must be new or a regular file.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     output_problem(os.path.join(folder, "out.csv")) is None, output_problem(folder)
    (True, 'is a folder, not a file')
    >>> output_problem("/no/such/folder/out.csv")
    "the folder '/no/such/folder' does not exist"
    """
    try:
        target = _target(path)
    except OSError as e:
        return e.strerror or str(e)
    folder = target.parent
    if not folder.is_dir():
        return f"the folder {str(folder)!r} does not exist"
    if target.exists() and not os.access(target, os.W_OK):
        return "the file is read-only"
    try:
        fd, probe = tempfile.mkstemp(
            prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=folder
        )
    except OSError as e:
        return f"no file can be written in {str(folder)!r}: {e.strerror or e}"
    os.close(fd)
    os.unlink(probe)
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def _remove_stale(target: Path) -> None:
    """Remove the temporary files that killed saves to ``target`` left behind."""
    pattern = os.path.join(glob.escape(str(target.parent)), f".{glob.escape(target.name)}.*.tmp")
    for leftover in glob.glob(pattern):
        middle = Path(leftover).name[len(target.name) + 2 : -len(".tmp")]
        pid = middle.split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            Path(leftover).unlink(missing_ok=True)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` to ``path`` all at once or not at all.

    The data goes to a temporary file in the same folder, is flushed to disk, takes the
    permissions of the file it replaces (0644 for a new one), and is renamed over ``path``.
    An interrupted write leaves the old file as it was and no temporary file behind (one
    that a killed process left is removed by the next write). ``path`` must be a new path
    or a regular file (a symbolic link to one is kept, and the file it names is replaced);
    anything else raises ``OSError`` and nothing is written.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_atomic(os.path.join(folder, "a.txt"), "hello")
    ...     out.read_text(), oct(out.stat().st_mode & 0o777), os.listdir(folder)
    ('hello', '0o644', ['a.txt'])
    """
    target = _target(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    _remove_stale(target)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent
    )
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
    return Path(path) if Path(path).is_symlink() else target
