"""What the tutorials share: a GPU case (a kernel, its grid, how to make
its tensors and check them) and the stand-in tensors that let a machine
without a GPU compile every case into the disk cache
(test/python/tutorials_gpu.py --populate)."""


class Case:
    """One launch to check: `make(torch)` returns (args, check) where
    check() is True when the outputs are right; `stand` gives the same
    arguments without torch (a dtype name for each tensor, the numbers as
    they are) so that --populate compiles the same specialization."""

    def __init__(self, name, kernel, grid, make, stand, consts=None):
        self.name, self.kernel, self.grid, self.make = name, kernel, grid, make
        self.stand, self.consts = stand, dict(consts or {})


class Stand:
    """A stand-in tensor: a torch dtype name and a 16-byte aligned address."""

    def __init__(self, dtype):
        self.dtype = "torch." + dtype

    def data_ptr(self):
        return 1 << 20


def stand_args(stand):
    return [Stand(a) if isinstance(a, str) else a for a in stand]


def poisoned(torch, n, dtype=None, extra=1024):
    """A buffer of n + extra elements filled with NaN (or -7 for integers):
    the output is its first n elements, the rest must stay poisoned."""
    dtype = dtype or torch.float32
    fill = float("nan") if dtype.is_floating_point else -7
    return torch.full((n + extra,), fill, dtype=dtype, device="cuda")


def kept(torch, buf, n):
    tail = buf[n:]
    return bool(torch.isnan(tail).all()) if tail.dtype.is_floating_point else \
        bool((tail == -7).all())
