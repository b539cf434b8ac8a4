"""Writing files so that a crash never leaves half of one, and never anything but a file.

Everything rail-workbench writes (maps, rules, tables, pages) goes through
:func:`write_atomic`: the data goes to a temporary file next to the target, named
``.NAME.PID.RANDOM.tmp``, which is flushed and renamed over the target. Only a regular file
(or a symbolic link to one, which is kept) is ever replaced: a folder, a FIFO or a device is
refused, so ``render -o /dev/full`` cannot turn a device into a file. A save that was killed
leaves its temporary file behind; the next save to the same target removes the temporary
files of processes that are no longer running. :func:`output_problem` says before any work
starts whether a path can be written at all.

**No command destroys its own input.** One rule, here, for every command and every
widget's Save: an output path that is, or resolves to (a symbolic link, a hard link, the
same file by another name), one of the inputs is refused before anything is written
(:func:`input_clash`; ``output_problem(path, inputs)`` and ``write_atomic(path, data,
inputs)`` apply it). The data files this process has read through the safe readers are
remembered (:func:`note_input`, :func:`inputs_read`), so that a save which names no input
of its own (a saved game, a page) can still refuse to replace a board, card set or rules
file it was made from.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "InputClashError",
    "input_clash",
    "inputs_read",
    "note_input",
    "output_problem",
    "read_regular",
    "write_atomic",
]

_READ: dict[tuple[int, int], str] = {}
"""The data files read in this process, by (device, inode): the path they were read as."""


class InputClashError(FileExistsError):
    """An output path that names one of the inputs (nothing was written)."""


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    try:
        st = os.stat(path)  # follows symbolic links
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def note_input(path: str | os.PathLike[str]) -> None:
    """Remember that the data file at ``path`` was read in this process (see
    :func:`inputs_read`); the safe readers call it.

    Examples
    --------
    >>> note_input("maps/tiny.yaml")
    >>> any(p.endswith("tiny.yaml") for p in inputs_read())
    True
    """
    key = _identity(path)
    if key is not None:
        _READ[key] = str(path)


def inputs_read() -> tuple[str, ...]:
    """The data files (boards, card sets, rules files, saved games) this process has read,
    as the paths they were read by: what a save that names no inputs must not replace.

    Examples
    --------
    >>> note_input("maps/tiny.yaml"); "maps/tiny.yaml" in inputs_read()
    True
    """
    return tuple(_READ.values())


def input_clash(
    output: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str] | None]
) -> str | None:
    """The input that writing ``output`` would replace, or None when it replaces none.

    ``output`` clashes with an input when both name the same file: the same path, a
    symbolic link to it (either way), a hard link, or the same file reached by another
    folder. Inputs that do not exist (or are None) clash with nothing.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     board = os.path.join(folder, "board.yaml")
    ...     _ = open(board, "w").write("name: x")
    ...     os.symlink(board, os.path.join(folder, "link.yaml"))
    ...     os.link(board, os.path.join(folder, "hard.yaml"))
    ...     [input_clash(os.path.join(folder, n), [board]) is not None
    ...      for n in ("board.yaml", "link.yaml", "hard.yaml", "new.yaml")]
    [True, True, True, False]
    """
    out = _identity(output)
    if out is None:
        return None
    for given in inputs:
        if given is not None and _identity(given) == out:
            return str(given)
    return None


def _clash_message(output: str | os.PathLike[str], clash: str) -> str:
    same = "is" if os.path.abspath(output) == os.path.abspath(clash) else "is the same file as"
    return (
        f"{same} the input {clash!r}: writing it would destroy that input "
        "(name another output file)"
    )


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


def output_problem(
    path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str] | None] = ()
) -> str | None:
    """Why a file cannot be written at ``path``, or None when it can.

    The folder must exist and take a new file (tried for real, so that ``/proc`` or a
    read-only disk is caught even for root), ``path`` must be new or a regular file, and it
    must not be one of the ``inputs`` (:func:`input_clash`).

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     output_problem(os.path.join(folder, "out.csv")) is None, output_problem(folder)
    (True, 'is a folder, not a file')
    >>> output_problem("/no/such/folder/out.csv")
    "the folder '/no/such/folder' does not exist"
    >>> output_problem("maps/tiny.yaml", inputs=["maps/tiny.yaml"])
    "is the input 'maps/tiny.yaml': writing it would destroy that input (name another output file)"
    """
    if not str(path).strip():
        return "the path is empty (name a file)"
    clash = input_clash(path, inputs)
    if clash is not None:
        return _clash_message(path, clash)
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


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at ``path`` (one more than
    ``limit`` says the file is too big; nothing past that is read), remembered as an input
    (:func:`note_input`).

    Anything but a regular file (a folder, a FIFO, a device, a socket) is refused with an
    ``OSError`` before it is opened for reading, so a FIFO cannot make a command wait
    forever; the file is opened without blocking and checked again, in case it was
    swapped in between.

    Examples
    --------
    >>> read_regular("maps/tiny.yaml", 9)
    b'# yaml-lan'
    >>> read_regular("/dev/null", 10)
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] is a device, not a regular file (give a file): '/dev/null'
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise IsADirectoryError(
            errno.EISDIR, f"is a {_kind(mode)}, not a regular file (give a file)", str(path)
        )
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise IsADirectoryError(
                errno.EISDIR, f"is a {_kind(mode)}, not a regular file (give a file)", str(path)
            )
        data = f.read(limit + 1)
    note_input(path)
    return data


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


def write_atomic(
    path: str | os.PathLike[str],
    data: str | bytes,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Write ``data`` to ``path`` all at once or not at all.

    The data goes to a temporary file in the same folder, is flushed to disk, takes the
    permissions of the file it replaces (0644 for a new one), and is renamed over ``path``.
    An interrupted write leaves the old file as it was and no temporary file behind (one
    that a killed process left is removed by the next write). ``path`` must be a new path
    or a regular file (a symbolic link to one is kept, and the file it names is replaced);
    anything else raises ``OSError`` and nothing is written. A ``path`` that names one of
    the ``inputs`` (:func:`input_clash`) raises :class:`InputClashError` (an ``OSError``)
    and nothing is written.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_atomic(os.path.join(folder, "a.txt"), "hello")
    ...     out.read_text(), oct(out.stat().st_mode & 0o777), os.listdir(folder)
    ('hello', '0o644', ['a.txt'])
    >>> write_atomic("maps/tiny.yaml", "<html>", inputs=["maps/tiny.yaml"])
    Traceback (most recent call last):
    ...
    workbench.files.InputClashError: [Errno 17] is the input 'maps/tiny.yaml': ...
    """
    clash = input_clash(path, inputs)
    if clash is not None:
        raise InputClashError(errno.EEXIST, _clash_message(path, clash), str(path))
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
