"""A CPU interpreter for the LLVM + NVVM dialect kernels that tile lowers to.

It runs one `llvm.func` for every thread of a grid of CTAs, so that the
lowered index arithmetic, shuffles, shared-memory traffic and predicated
inline-PTX accesses are checked by value, without a GPU:

  * The module is read in MLIR's generic form (`--mlir-print-op-generic`):
    one op per line, `"name"(operands)[successors] <{props}> {attrs} : type`.
  * Every thread is a Python generator over the function's blocks. A thread
    stops at `nvvm.shfl.sync` until all 32 lanes of its warp are there (the
    shuffle is then evaluated with PTX's lane rules) and at
    `nvvm.barrier0` until every thread of the CTA is there.
  * Global memory is a set of buffers; any access outside them is an error
    (a dropped mask shows up here). Shared memory is `tile.shared_bytes`
    bytes; any access outside it is an error, and a read or write of a byte
    that another thread wrote (or read, for a write) since the last barrier
    is reported as a race (a missing barrier shows up here).
  * The inline PTX that the lowering emits for predicated accesses (mov,
    with the packing forms `mov.b32 {a, b}, w` and `mov.b32 w, {a, b}`,
    `shr.u16`, `prmt.b32`, @p ld/st .global/.shared [.vN], bra, labels,
    registers declared with .reg) is interpreted.
  * Two threads writing different values to the same global byte is an
    error (a wrong address usually shows up as this or as a wrong value).

Floats are kept as Python floats rounded to their type after every op;
`llvm.intr.exp2`, `lg2.approx`, `sin.approx`, `cos.approx` are evaluated
exactly (the hardware approximations are within a few ulp of these).

Library use: `Kernel.parse(text, name)`, then `kernel.launch(grid, block,
args)` with `Buffer`s and Python ints/floats. test/simt/run_cases.py is the
driver of the lit tests.
"""

import math
import re
import struct

# ---------------------------------------------------------------------------
# Text helpers


def split_top(s, sep=","):
    """Splits at `sep` outside (), [], {}, <> and strings."""
    parts, depth, cur, i, in_str = [], 0, [], 0, False
    while i < len(s):
        c = s[i]
        if in_str:
            cur.append(c)
            if c == "\\":
                cur.append(s[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            cur.append(c)
        elif c in "([{<":
            depth += 1
            cur.append(c)
        elif c in ")]}" or (c == ">" and not (i > 0 and s[i - 1] == "-")):
            depth -= 1
            cur.append(c)
        elif c == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def find_signature(rest):
    """Index of the ' : ' that starts an op's type signature in `rest`."""
    depth, in_str, i = 0, False, 0
    while i < len(rest):
        c = rest[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "([{<":
            depth += 1
        elif c in ")]}" or (c == ">" and rest[i - 1] != "-"):
            depth -= 1
        elif depth == 0 and rest.startswith(" : ", i):
            return i
        i += 1
    raise ValueError("no type signature in: " + rest)


def unescape_mlir_string(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == "\\":
            nxt = s[i + 1]
            if nxt in '\\"':
                out += nxt.encode()
                i += 2
            elif nxt == "n":
                out += b"\n"
                i += 2
            elif nxt == "t":
                out += b"\t"
                i += 2
            else:
                out.append(int(s[i + 1:i + 3], 16))
                i += 3
        else:
            out += s[i].encode()
            i += 1
    return out.decode()


def string_attr(attrs, key):
    m = re.search(key + r' = "((?:[^"\\]|\\.)*)"', attrs)
    return unescape_mlir_string(m.group(1)) if m else None


# ---------------------------------------------------------------------------
# Types and values


class Type:
    """kind: 'int' (width), 'float' (name), 'ptr' (space), 'struct'/'vector'
    (elems), 'array' (count, elem), 'void'."""

    def __init__(self, kind, width=0, name="", space=0, elems=None):
        self.kind, self.width, self.name, self.space = kind, width, name, space
        self.elems = elems or []

    def size(self):
        if self.kind == "int":
            return max(1, (self.width + 7) // 8)
        if self.kind == "float":
            return {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}[self.name]
        if self.kind == "ptr":
            return 8
        if self.kind in ("vector", "array", "struct"):
            return sum(e.size() for e in self.elems)
        raise ValueError("no size for " + self.kind)


_type_cache = {}


def parse_type(s):
    s = s.strip()
    if s in _type_cache:
        return _type_cache[s]
    t = None
    if s.startswith(("ptr", "struct<", "array<")):  # inside an !llvm type
        s = "!llvm." + s
    if re.fullmatch(r"i\d+", s):
        t = Type("int", width=int(s[1:]))
    elif s in ("f16", "bf16", "f32", "f64"):
        t = Type("float", name=s)
    elif s == "index":
        t = Type("int", width=64)
    elif s.startswith("!llvm.ptr"):
        m = re.fullmatch(r"!llvm\.ptr(?:<(\d+)>)?", s)
        t = Type("ptr", space=int(m.group(1) or 0))
    elif s.startswith("!llvm.struct<("):
        inner = s[len("!llvm.struct<("):-2]
        t = Type("struct", elems=[parse_type(e) for e in split_top(inner)])
    elif s.startswith("vector<"):
        m = re.fullmatch(r"vector<(\d+)x(.+)>", s)
        e = parse_type(m.group(2))
        t = Type("vector", elems=[e] * int(m.group(1)))
    elif s.startswith("!llvm.array<"):
        m = re.fullmatch(r"!llvm\.array<(\d+) x (.+)>", s)
        e = parse_type(m.group(2))
        t = Type("array", elems=[e] * int(m.group(1)))
    elif s in ("()", "!llvm.void"):
        t = Type("void")
    else:
        raise ValueError("unsupported type " + s)
    _type_cache[s] = t
    return t


def round_float(x, name):
    """Rounds a Python float to the float type `name`."""
    if x is None or math.isnan(x) or math.isinf(x):
        return x
    if name == "f64":
        return x
    if name == "bf16":
        return bits_to_float(float_to_bits(x, "bf16"), "bf16")
    fmt = "f" if name == "f32" else "e"
    try:
        return struct.unpack(fmt, struct.pack(fmt, x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def float_to_bits(x, name):
    if name == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if name == "bf16":
        b = float_to_bits(x, "f32")
        if math.isnan(x):
            return (b >> 16) | 0x40
        return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF
    fmt = "f" if name == "f32" else "e"
    try:
        packed = struct.pack("<" + fmt, x)
    except OverflowError:
        packed = struct.pack("<" + fmt, math.copysign(math.inf, x))
    return int.from_bytes(packed, "little")


def bits_to_float(b, name):
    if name == "f64":
        return struct.unpack("<d", b.to_bytes(8, "little"))[0]
    if name == "bf16":
        return struct.unpack("<f", (b << 16).to_bytes(4, "little"))[0]
    if name == "f32":
        return struct.unpack("<f", b.to_bytes(4, "little"))[0]
    return struct.unpack("<e", b.to_bytes(2, "little"))[0]


def to_signed(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


class SimError(Exception):
    pass


# ---------------------------------------------------------------------------
# Memory


class Buffer:
    """A global buffer of `count` elements of `dtype` ('f32', 'i32', ...).
    `data` initializes it; otherwise it is filled with the poison byte 0xFF."""

    def __init__(self, dtype, count=None, data=None):
        self.dtype, self.type = dtype, parse_type(dtype)
        self.esize = self.type.size()
        if data is not None:
            count = len(data)
        self.count = count
        self.bytes = bytearray(b"\xff" * (count * self.esize))
        self.base = None
        if data is not None:
            for i, v in enumerate(data):
                self.set(i, v)

    def encode(self, v):
        t = self.type
        bits = float_to_bits(v, t.name) if t.kind == "float" else v & ((1 << t.width) - 1)
        return bits.to_bytes(self.esize, "little")

    def set(self, i, v):
        self.bytes[i * self.esize:(i + 1) * self.esize] = self.encode(v)

    def get(self, i):
        bits = int.from_bytes(self.bytes[i * self.esize:(i + 1) * self.esize], "little")
        if self.type.kind == "float":
            return bits_to_float(bits, self.type.name)
        return to_signed(bits, self.type.width)

    def is_poison(self, i):
        return self.bytes[i * self.esize:(i + 1) * self.esize] == b"\xff" * self.esize

    def values(self):
        return [self.get(i) for i in range(self.count)]

    def at(self, i):
        """A kernel argument that points at element `i`."""
        return BufferPtr(self, i)


class BufferPtr:
    def __init__(self, buf, index):
        self.buf, self.index = buf, index


GLOBAL_BASE = 1 << 32
GLOBAL_STRIDE = 1 << 28


class Memory:
    def __init__(self, buffers, shared_bytes):
        self.buffers = buffers
        for k, b in enumerate(buffers):
            b.base = GLOBAL_BASE + k * GLOBAL_STRIDE
        self.shared_bytes = shared_bytes
        self.writers = {}  # (buffer index, byte) -> (thread, byte value)
        self.reset_shared()

    def reset_shared(self):
        self.shared = bytearray(b"\xa5" * self.shared_bytes)
        self.epoch = 0
        self.last_write = {}  # byte -> (epoch, thread)
        self.readers = {}  # byte -> (epoch, set of threads)

    def _global(self, addr, n):
        k = (addr - GLOBAL_BASE) // GLOBAL_STRIDE
        if addr < GLOBAL_BASE or k >= len(self.buffers):
            raise SimError("global access at 0x%x outside every buffer" % addr)
        b = self.buffers[k]
        off = addr - b.base
        if off < 0 or off + n > len(b.bytes):
            raise SimError("global access of %d bytes at byte %d of buffer #%d "
                           "(%d bytes): out of bounds" % (n, off, k, len(b.bytes)))
        return k, b, off

    def _shared(self, addr, n):
        if addr < 0 or addr + n > self.shared_bytes:
            raise SimError("shared access of %d bytes at byte %d: outside the "
                           "%d bytes of tile.shared_bytes" % (n, addr, self.shared_bytes))

    def read(self, space, addr, n, thread):
        if space == 3:
            self._shared(addr, n)
            for a in range(addr, addr + n):
                w = self.last_write.get(a)
                if w and w[0] == self.epoch and thread not in w[1]:
                    raise SimError("shared-memory race: thread %s reads byte %d "
                                   "that thread %s wrote since the last barrier"
                                   % (thread, a, sorted(w[1])[0]))
                r = self.readers.get(a)
                if not r or r[0] != self.epoch:
                    self.readers[a] = r = (self.epoch, set())
                r[1].add(thread)
            return int.from_bytes(self.shared[addr:addr + n], "little")
        if space in (0, 1):
            _, b, off = self._global(addr, n)
            return int.from_bytes(b.bytes[off:off + n], "little")
        raise SimError("load from address space %d" % space)

    def write(self, space, addr, n, bits, thread):
        data = (bits & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
        if space == 3:
            self._shared(addr, n)
            for j, a in enumerate(range(addr, addr + n)):
                # Writes of the value a byte already holds (copies of one
                # result stored by several lanes) are benign.
                same = self.shared[a] == data[j]
                w = self.last_write.get(a)
                if w and w[0] == self.epoch and (w[1] - {thread}) and not same:
                    raise SimError("shared-memory race: threads %s and %s write "
                                   "different values to byte %d between two barriers"
                                   % (sorted(w[1])[0], thread, a))
                r = self.readers.get(a)
                if r and r[0] == self.epoch and (r[1] - {thread}) and not same:
                    raise SimError("shared-memory race: thread %s writes byte %d "
                                   "that thread %s read since the last barrier"
                                   % (thread, a, sorted(r[1] - {thread})[0]))
                if w and w[0] == self.epoch and same:
                    w[1].add(thread)
                else:
                    self.last_write[a] = (self.epoch, {thread})
            self.shared[addr:addr + n] = data
            return
        if space in (0, 1):
            k, b, off = self._global(addr, n)
            for j in range(n):
                prev = self.writers.get((k, off + j))
                if prev and prev[0] != thread and prev[1] != data[j]:
                    raise SimError("threads %s and %s write different values to "
                                   "byte %d of buffer #%d" % (prev[0], thread, off + j, k))
                self.writers[(k, off + j)] = (thread, data[j])
            b.bytes[off:off + n] = data
            return
        raise SimError("store to address space %d" % space)


# ---------------------------------------------------------------------------
# Value encoding for memory and inline asm


def value_to_bits(v, t):
    if t.kind == "int":
        return v & ((1 << t.width) - 1)
    if t.kind == "float":
        return float_to_bits(v, t.name)
    if t.kind in ("vector", "array", "struct"):
        bits, shift = 0, 0
        for e, x in zip(t.elems, v):
            bits |= value_to_bits(x, e) << shift
            shift += 8 * e.size()
        return bits
    if t.kind == "ptr":
        return v[1]
    raise SimError("cannot store a value of kind " + t.kind)


def bits_to_value(bits, t):
    if t.kind == "int":
        return bits & ((1 << t.width) - 1)
    if t.kind == "float":
        return bits_to_float(bits, t.name)
    if t.kind in ("vector", "array", "struct"):
        out, shift = [], 0
        for e in t.elems:
            n = 8 * e.size()
            out.append(bits_to_value((bits >> shift) & ((1 << n) - 1), e))
            shift += n
        return tuple(out)
    raise SimError("cannot load a value of kind " + t.kind)


# ---------------------------------------------------------------------------
# Inline PTX


class Ptx:
    """The inline PTX subset of the lowering's predicated accesses."""

    LINE = re.compile(r"^(?:@(!?)\$(\d+)\s+)?(\S+)\s*(.*)$")

    def __init__(self, asm, constraints, result_type):
        asm = asm.replace("${:uid}", "U")
        self.instrs, self.labels = [], {}
        for raw in asm.split(";"):
            raw = raw.strip()
            while raw and (re.match(r"^\w+:", raw) or raw[0] in "{}"):
                if raw[0] in "{}":  # register scopes
                    raw = raw[1:].strip()
                    continue
                label, raw = raw.split(":", 1)
                self.labels[label] = len(self.instrs)
                raw = raw.strip()
            if not raw or raw.startswith(".reg"):
                continue
            m = self.LINE.match(raw)
            if not m:
                raise SimError("unsupported inline asm: " + raw)
            neg, pred, opcode, args = m.groups()
            self.instrs.append((neg == "!", int(pred) if pred else None, opcode,
                                args))
        cons = constraints.split(",")
        self.outputs = [c for c in cons if c.startswith("=")]
        self.inputs = [c for c in cons if not c.startswith("=")]
        self.result_type = result_type

    def run(self, operands, mem, thread):
        nout = len(self.outputs)
        regs = [0] * nout + list(operands)

        named = {}  # registers the asm declares (.reg), by name

        def reg(tok):
            tok = tok.strip()
            if not tok.startswith("$"):
                raise SimError("unsupported asm operand " + tok)
            return int(tok[1:])

        def get(tok):
            """An operand ($n), a declared register (%name) or an immediate."""
            tok = tok.strip()
            if tok.startswith("%"):
                if tok[1:] not in named:
                    raise SimError("asm register %s read before written" % tok)
                return named[tok[1:]]
            if tok.startswith("$"):
                return regs[reg(tok)]
            return int(tok, 0)

        def put(tok, v):
            tok = tok.strip()
            if tok.startswith("%"):
                named[tok[1:]] = v
            else:
                regs[reg(tok)] = v

        def vector_tokens(tok):
            return [t for t in tok.strip().strip("{} ").split(",")]

        def address(tok):
            m = re.fullmatch(r"\[%(\w+)\]", tok.strip())
            if m:
                return named[m.group(1)]
            m = re.fullmatch(r"\[\$(\d+)(?:\+(\d+))?\]", tok.strip())
            p = regs[int(m.group(1))]
            if not isinstance(p, tuple):
                raise SimError("asm address operand is not a pointer")
            return p[0], p[1] + int(m.group(2) or 0)

        pc = 0
        while pc < len(self.instrs):
            neg, pred, opcode, args = self.instrs[pc]
            pc += 1
            if pred is not None:
                p = regs[pred] & 1
                if bool(p) == neg:
                    continue
            parts = opcode.split(".")
            if parts[0] == "mov":
                d, s = split_top(args)
                bits = int(parts[-1][1:])
                if d.strip().startswith("{"):  # unpack: low part first
                    ds = vector_tokens(d)
                    w = bits // len(ds)
                    v = get(s)
                    for k, t in enumerate(ds):
                        put(t, (v >> (k * w)) & ((1 << w) - 1))
                elif s.strip().startswith("{"):  # pack
                    ss = vector_tokens(s)
                    w = bits // len(ss)
                    put(d, sum((get(t) & ((1 << w) - 1)) << (k * w)
                               for k, t in enumerate(ss)))
                else:
                    put(d, get(s))
            elif opcode == "shr.u16":
                d, a, imm = split_top(args)
                put(d, (get(a) & 0xFFFF) >> int(imm))
            elif opcode == "prmt.b32":  # default mode: bytes of {b, a}
                d, a, b, sel = split_top(args)
                pool = (get(a) & 0xFFFFFFFF) | ((get(b) & 0xFFFFFFFF) << 32)
                sel = int(sel, 0)
                out = 0
                for i in range(4):
                    nib = (sel >> (4 * i)) & 0xF
                    if nib & 8:
                        raise SimError("prmt sign replication is not simulated")
                    out |= ((pool >> (8 * nib)) & 0xFF) << (8 * i)
                put(d, out)
            elif opcode == "mad.lo.s64":  # %d = $stride * imm + $ptr
                d, a, imm, p = split_top(args)
                space, base = regs[reg(p)]
                named[d.strip().lstrip("%")] = (space, base + regs[reg(a)] * int(imm))
            elif parts[0] == "bra":
                pc = self.labels[args.strip()]
            elif parts[0] in ("ld", "st"):
                space = {"global": 1, "shared": 3}[parts[1]]
                vec = int(parts[2][1:]) if parts[2].startswith("v") else 1
                nbytes = int(parts[-1][1:]) // 8
                if parts[0] == "ld":
                    dst, src = args.split(", [", 1)
                    sp, addr = address("[" + src)
                    if sp != space:
                        raise SimError("ld.%s through a pointer of space %d" % (parts[1], sp))
                    dsts = vector_tokens(dst)
                    if len(dsts) != vec:
                        raise SimError("vector width mismatch in " + opcode)
                    if addr % (nbytes * vec):
                        raise SimError("misaligned %s at address 0x%x" % (opcode, addr))
                    for j, t in enumerate(dsts):
                        put(t, mem.read(space, addr + j * nbytes, nbytes, thread))
                else:
                    dst, src = args.split("],", 1)
                    sp, addr = address(dst + "]")
                    if sp != space:
                        raise SimError("st.%s through a pointer of space %d" % (parts[1], sp))
                    srcs = vector_tokens(src)
                    if len(srcs) != vec:
                        raise SimError("vector width mismatch in " + opcode)
                    if addr % (nbytes * vec):
                        raise SimError("misaligned %s at address 0x%x" % (opcode, addr))
                    for j, t in enumerate(srcs):
                        mem.write(space, addr + j * nbytes, nbytes, get(t), thread)
            else:
                raise SimError("unsupported inline asm instruction " + opcode)
        outs = regs[:nout]
        if self.result_type.kind == "void":
            return None
        if self.result_type.kind == "struct":
            return tuple(outs)
        return outs[0]


# ---------------------------------------------------------------------------
# Ops

ICMP = {0: "eq", 1: "ne", 2: "slt", 3: "sle", 4: "sgt", 5: "sge", 6: "ult",
        7: "ule", 8: "ugt", 9: "uge"}
FCMP = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
        "uge", "ult", "ule", "une", "uno", "true"]


def fcmp(pred, a, b):
    uno = math.isnan(a) or math.isnan(b)
    if pred in ("false", "true"):
        return pred == "true"
    if pred == "ord":
        return not uno
    if pred == "uno":
        return uno
    base = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
            "ne": a != b}[pred[1:]]
    return (not uno and base) if pred[0] == "o" else (uno or base)


def fmax_nan(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) > 0 else b
    return max(a, b)


def fmin_nan(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def exp2(x):
    try:
        return 2.0 ** x
    except OverflowError:
        return math.inf


def lg2(x):
    if x < 0 or math.isnan(x):
        return math.nan
    return -math.inf if x == 0 else math.log2(x)


FLOAT_INTRINSICS = {
    "llvm.intr.exp2": exp2,
    "llvm.intr.fabs": abs,
    "llvm.intr.sqrt": lambda x: math.sqrt(x) if x >= 0 else math.nan,
    "llvm.intr.roundeven": lambda x: float(round(x)) if math.isfinite(x) else x,
    "llvm.intr.floor": lambda x: float(math.floor(x)) if math.isfinite(x) else x,
    "llvm.intr.ceil": lambda x: float(math.ceil(x)) if math.isfinite(x) else x,
    "llvm.intr.maximum": fmax_nan,
    "llvm.intr.minimum": fmin_nan,
    "llvm.intr.maxnum": lambda a, b: b if math.isnan(a) else a if math.isnan(b) else max(a, b),
    "llvm.intr.minnum": lambda a, b: b if math.isnan(a) else a if math.isnan(b) else min(a, b),
    "llvm.intr.copysign": math.copysign,
    "llvm.intr.fma": lambda a, b, c: a * b + c,
    "llvm.intr.fmuladd": lambda a, b, c: a * b + c,
    "llvm.fadd": lambda a, b: a + b,
    "llvm.fsub": lambda a, b: a - b,
    "llvm.fmul": lambda a, b: a * b,
    "llvm.fdiv": lambda a, b: a / b if b != 0 else (
        math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1, b)),
    "llvm.fneg": lambda a: -a,
}

CALL_INTRINSICS = {
    "llvm.nvvm.lg2.approx.f": lg2,
    "llvm.nvvm.sin.approx.f": math.sin,
    "llvm.nvvm.cos.approx.f": math.cos,
    "llvm.nvvm.ex2.approx.f": exp2,
}


def int_binop(name, w):
    mask = (1 << w) - 1

    def sdiv(a, b):
        a, b = to_signed(a, w), to_signed(b, w)
        if b == 0:
            raise SimError("signed division by zero")
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q

    def srem(a, b):
        sa = to_signed(a, w)
        return sa - sdiv(a, b) * to_signed(b, w)

    def udiv(a, b):
        if b == 0:
            raise SimError("unsigned division by zero")
        return a // b

    def urem(a, b):
        if b == 0:
            raise SimError("unsigned remainder by zero")
        return a % b

    def shift_check(b):
        if b >= w:
            raise SimError("shift by %d of an i%d (poison)" % (b, w))
        return b

    fns = {
        "llvm.add": lambda a, b: a + b,
        "llvm.sub": lambda a, b: a - b,
        "llvm.mul": lambda a, b: a * b,
        "llvm.and": lambda a, b: a & b,
        "llvm.or": lambda a, b: a | b,
        "llvm.xor": lambda a, b: a ^ b,
        "llvm.shl": lambda a, b: a << shift_check(b),
        "llvm.lshr": lambda a, b: a >> shift_check(b),
        "llvm.ashr": lambda a, b: to_signed(a, w) >> shift_check(b),
        "llvm.sdiv": sdiv,
        "llvm.srem": srem,
        "llvm.udiv": udiv,
        "llvm.urem": urem,
        "llvm.intr.smax": lambda a, b: max(to_signed(a, w), to_signed(b, w)),
        "llvm.intr.smin": lambda a, b: min(to_signed(a, w), to_signed(b, w)),
        "llvm.intr.umax": max,
        "llvm.intr.umin": min,
    }
    f = fns.get(name)
    if f is None:
        return None
    return lambda a, b: f(a, b) & mask


class Op:
    __slots__ = ("name", "results", "operands", "succs", "attrs", "in_types",
                 "out_types", "line", "fn", "kind")

    def __init__(self, name, results, operands, succs, attrs, in_types,
                 out_types, line):
        self.name, self.results, self.operands = name, results, operands
        self.succs, self.attrs = succs, attrs
        self.in_types, self.out_types, self.line = in_types, out_types, line
        self.fn, self.kind = None, "plain"


class Block:
    def __init__(self, name, args):
        self.name, self.args, self.ops = name, args, []


OP_LINE = re.compile(r'^(?:(%[\w.#$-]+)(?::(\d+))? = )?"([\w.]+)"\(([^)]*)\)(.*)$')
BLOCK_LINE = re.compile(r"^\^([\w.]+)(?:\((.*)\))?:")


class Kernel:
    def __init__(self, name, params, blocks, shared_bytes, attrs):
        self.name, self.params, self.blocks = name, params, blocks
        self.shared_bytes, self.attrs = shared_bytes, attrs
        self.block_map = {b.name: b for b in blocks}
        for b in blocks:
            for op in b.ops:
                self._compile(op)

    @staticmethod
    def parse(text, name):
        """The llvm.func `name` of a module printed in generic form."""
        lines = text.splitlines()
        start = None
        for i, line in enumerate(lines):
            if '"llvm.func"' in line and ('sym_name = "%s"' % name) in line:
                start = i
                break
        if start is None:
            raise SimError("no llvm.func @%s in the module" % name)
        blocks, params = [], []
        depth_line = None
        i = start + 1
        while i < len(lines):
            line = lines[i].strip()
            if line.startswith("})"):
                depth_line = line
                break
            m = BLOCK_LINE.match(line)
            if m:
                args = []
                if m.group(2):
                    for a in split_top(m.group(2)):
                        n, t = a.split(":", 1)
                        args.append((n.strip(), parse_type(t)))
                blocks.append(Block(m.group(1), args))
            elif line:
                m = OP_LINE.match(line)
                if not m:
                    raise SimError("cannot parse: " + line)
                res, nres, opname, operands, rest = m.groups()
                if not blocks:
                    blocks.append(Block("entry", []))
                succs = []
                sm = re.match(r"^\[([^\]]*)\]", rest)
                if sm:
                    succs = [s.strip()[1:] for s in sm.group(1).split(",")]
                    rest = rest[sm.end():]
                k = find_signature(rest)
                attrs, sig = rest[:k], rest[k + 3:]
                ins, outs = sig.split(") -> ", 1) if sig.startswith("(") else ("()", sig)
                in_types = [parse_type(t) for t in split_top(ins.strip()[1:] if ins.startswith("(") else ins)]
                outs = outs.strip()
                if outs.startswith("(") and not outs.startswith("()"):
                    out_types = [parse_type(t) for t in split_top(outs[1:-1])]
                elif outs == "()":
                    out_types = []
                else:
                    out_types = [parse_type(outs)]
                results = []
                if res:
                    results = [res] if not nres else ["%s#%d" % (res, j) for j in range(int(nres))]
                ops = [o.strip() for o in operands.split(",") if o.strip()]
                blocks[-1].ops.append(Op(opname, results, ops, succs, attrs,
                                         in_types, out_types, line))
            i += 1
        if depth_line is None:
            raise SimError("unterminated llvm.func @" + name)
        if blocks and blocks[0].name != "entry":
            params = blocks[0].args
        else:
            params = blocks[0].args if blocks else []
        m = re.search(r"tile\.shared_bytes = (\d+)", depth_line + lines[start])
        shared = int(m.group(1)) if m else 0
        return Kernel(name, params, blocks, shared, lines[start] + depth_line)

    def default_block(self):
        """Threads per CTA from nvvm.maxntid (or tile.num_warps)."""
        m = re.search(r"nvvm\.maxntid = array<i32: (\d+), (\d+), (\d+)>", self.attrs)
        if m:
            return int(m.group(1)) * int(m.group(2)) * int(m.group(3))
        m = re.search(r"tile\.num_warps = (\d+)", self.attrs)
        return 32 * int(m.group(1)) if m else 128

    # -- compilation of one op to a closure over a thread's environment ----

    def _compile(self, op):
        n = op.name
        t = op.out_types[0] if op.out_types else None
        a = op.operands
        r = op.results[0] if op.results else None
        attrs = op.attrs

        def simple(f):
            def run(env, th):
                env[r] = f(*[env[x] for x in a])
            op.fn = run

        if n == "llvm.mlir.constant":
            op.fn = self._constant(op)
            return
        if n in ("llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero"):
            v = zero_value(t) if n == "llvm.mlir.zero" else undef_value(t)

            def run(env, th):
                env[r] = v
            op.fn = run
            return
        if n == "llvm.mlir.addressof":
            m = re.search(r"global_name = @(\w+)", attrs)
            if m.group(1) != "global_smem":
                raise SimError("addressof @%s is not supported" % m.group(1))
            simple(lambda: (3, 0))
            return
        if n.startswith("nvvm.read.ptx.sreg."):
            key = n[len("nvvm.read.ptx.sreg."):]

            def run(env, th):
                env[r] = th.sreg[key]
            op.fn = run
            return
        if t is not None and t.kind == "int" and int_binop(n, t.width):
            simple(int_binop(n, t.width))
            return
        if n in FLOAT_INTRINSICS:
            f, name = FLOAT_INTRINSICS[n], t.name
            simple(lambda *xs: round_float(f(*xs), name))
            return
        if n == "llvm.call_intrinsic":
            callee = string_attr(attrs, "intrin")
            f = CALL_INTRINSICS.get(callee)
            if f is None:
                raise SimError("unsupported intrinsic " + str(callee))
            name = t.name
            simple(lambda *xs: round_float(f(*xs), name))
            return
        if n == "llvm.icmp":
            pred = ICMP[int(re.search(r"predicate = (\d+)", attrs).group(1))]
            w = op.in_types[0].width if op.in_types[0].kind == "int" else 64

            def icmp(x, y):
                if isinstance(x, tuple):
                    x, y = x[1], y[1]
                if pred[0] == "s":
                    x, y = to_signed(x, w), to_signed(y, w)
                return int({"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
                            "gt": x > y, "ge": x >= y}[pred[1:] if pred[0] in "su" else pred])
            simple(icmp)
            return
        if n == "llvm.fcmp":
            pred = FCMP[int(re.search(r"predicate = (\d+)", attrs).group(1))]
            simple(lambda x, y: int(fcmp(pred, x, y)))
            return
        if n == "llvm.select":
            simple(lambda c, x, y: x if c & 1 else y)
            return
        if n in ("llvm.zext", "llvm.trunc"):
            w = t.width
            simple(lambda x: x & ((1 << w) - 1))
            return
        if n == "llvm.sext":
            w0, w = op.in_types[0].width, t.width
            simple(lambda x: to_signed(x, w0) & ((1 << w) - 1))
            return
        if n == "llvm.bitcast":
            src = op.in_types[0]
            simple(lambda x: bits_to_value(value_to_bits(x, src), t))
            return
        if n in ("llvm.sitofp", "llvm.uitofp"):
            w0, name, signed = op.in_types[0].width, t.name, n == "llvm.sitofp"
            simple(lambda x: round_float(float(to_signed(x, w0) if signed else x), name))
            return
        if n in ("llvm.fptosi", "llvm.fptoui"):
            w = t.width

            def fpto(x):
                if not math.isfinite(x):
                    raise SimError("fptoi of %r (poison)" % x)
                return int(x) & ((1 << w) - 1)
            simple(fpto)
            return
        if n in ("llvm.fpext", "llvm.fptrunc"):
            name = t.name
            simple(lambda x: round_float(x, name))
            return
        if n == "llvm.ptrtoint":
            w = t.width
            simple(lambda p: p[1] & ((1 << w) - 1))
            return
        if n == "llvm.inttoptr":
            space = t.space
            simple(lambda x: (space, x))
            return
        if n == "llvm.getelementptr":
            op.fn = self._gep(op)
            return
        if n == "llvm.extractvalue":
            pos = [int(x) for x in re.search(r"position = array<i64: ([\d, ]+)>", attrs).group(1).split(",")]

            def extract(s):
                for p in pos:
                    s = s[p]
                return s
            simple(extract)
            return
        if n == "llvm.insertvalue":
            pos = [int(x) for x in re.search(r"position = array<i64: ([\d, ]+)>", attrs).group(1).split(",")]

            def insert(s, v, pos=pos):
                lst = list(s)
                lst[pos[0]] = v if len(pos) == 1 else insert(s[pos[0]], v, pos[1:])
                return tuple(lst)
            simple(lambda s, v: insert(s, v))
            return
        if n == "llvm.extractelement":
            simple(lambda vec, i: vec[i])
            return
        if n == "llvm.insertelement":
            def insel(vec, v, i):
                lst = list(vec)
                lst[i] = v
                return tuple(lst)
            simple(insel)
            return
        if n == "llvm.load":
            op.fn = self._load(op, t)
            return
        if n == "llvm.store":
            op.fn = self._store(op)
            return
        if n == "llvm.inline_asm":
            ptx = Ptx(string_attr(attrs, "asm_string"), string_attr(attrs, "constraints"),
                      t if t is not None else Type("void"))

            def run(env, th):
                v = ptx.run([env[x] for x in a], th.mem, th.tid)
                if r:
                    env[r] = v
            op.fn = run
            return
        if n == "nvvm.shfl.sync":
            op.kind = "shfl"
            m = re.search(r"kind = #nvvm<shfl_kind (\w+)>", attrs)
            op.fn = (m.group(1), "return_value_and_is_valid" in attrs)
            return
        if n in ("nvvm.barrier0", "nvvm.barrier"):
            op.kind = "barrier"
            return
        if n == "llvm.br":
            op.kind = "branch"
            op.fn = [(op.succs[0], a)]
            return
        if n == "llvm.cond_br":
            op.kind = "cond_br"
            seg = [int(x) for x in re.search(r"operandSegmentSizes = array<i32: ([\d, ]+)>", attrs).group(1).split(",")]
            op.fn = (a[0], (op.succs[0], a[1:1 + seg[1]]), (op.succs[1], a[1 + seg[1]:]))
            return
        if n == "llvm.return":
            op.kind = "return"
            return
        raise SimError("unsupported op " + n + ": " + op.line)

    def _constant(self, op):
        t = op.out_types[0]
        r = op.results[0]
        m = re.search(r"value = (.+?)(?: : [^:]+)?}>", op.attrs)
        text = m.group(1)
        if text.startswith("dense<"):
            inner = text[len("dense<"):-1]
            elem = t.elems[0]
            if inner.startswith("["):
                vals = [parse_scalar(x, elem) for x in split_top(inner[1:-1])]
            else:
                vals = [parse_scalar(inner, elem)] * len(t.elems)
            v = tuple(vals)
        else:
            v = parse_scalar(text, t)

        def run(env, th):
            env[r] = v
        return run

    def _gep(self, op):
        m = re.search(r"rawConstantIndices = array<i32: ([-\d, ]+)>", op.attrs)
        raw = [int(x) for x in m.group(1).split(",")] if m else []
        elem = parse_type(re.search(r"elem_type = ([^,}]+(?:<[^>]*>)?)", op.attrs).group(1))
        dyn_types = op.in_types[1:]
        base_name, dyn = op.operands[0], op.operands[1:]
        r = op.results[0]
        if len(raw) != 1:
            raise SimError("only single-index getelementptr is supported: " + op.line)
        size = elem.size()
        if raw[0] == -2147483648:
            w = dyn_types[0].width

            def run(env, th):
                p = env[base_name]
                env[r] = (p[0], p[1] + to_signed(env[dyn[0]], w) * size)
        else:
            off = raw[0] * size

            def run(env, th):
                p = env[base_name]
                env[r] = (p[0], p[1] + off)
        return run

    def _load(self, op, t):
        p, r = op.operands[0], op.results[0]
        size = t.size()
        m = re.search(r"alignment = (\d+)", op.attrs)
        align = int(m.group(1)) if m else 1

        def run(env, th):
            sp, addr = env[p]
            if addr % align:
                raise SimError("load with alignment %d at misaligned address 0x%x" % (align, addr))
            env[r] = bits_to_value(th.mem.read(sp, addr, size, th.tid), t)
        return run

    def _store(self, op):
        v, p = op.operands
        t = op.in_types[0]
        size = t.size()
        m = re.search(r"alignment = (\d+)", op.attrs)
        align = int(m.group(1)) if m else 1

        def run(env, th):
            sp, addr = env[p]
            if addr % align:
                raise SimError("store with alignment %d at misaligned address 0x%x" % (align, addr))
            th.mem.write(sp, addr, size, value_to_bits(env[v], t), th.tid)
        return run

    # -- execution ---------------------------------------------------------

    def _thread(self, th, args):
        env = {}
        for (name, _), v in zip(self.params, args):
            env[name] = v
        block = self.blocks[0]
        while True:
            next_block = None
            for op in block.ops:
                k = op.kind
                if k == "plain":
                    op.fn(env, th)
                elif k == "shfl":
                    mask, val, off, clamp = [env[x] for x in op.operands]
                    res = yield ("shfl", op, mask, val, off, clamp)
                    env[op.results[0]] = res
                elif k == "barrier":
                    yield ("barrier", op)
                elif k == "branch":
                    next_block, vals = op.fn[0][0], [env[x] for x in op.fn[0][1]]
                    break
                elif k == "cond_br":
                    c, t_, f_ = op.fn
                    tgt = t_ if env[c] & 1 else f_
                    next_block, vals = tgt[0], [env[x] for x in tgt[1]]
                    break
                elif k == "return":
                    return
            if next_block is None:
                raise SimError("block ^%s falls off its end" % block.name)
            block = self.block_map[next_block]
            for (name, _), v in zip(block.args, vals):
                env[name] = v

    def launch(self, grid, block, args, buffers):
        """Runs the kernel on grid (x, y, z) CTAs of `block` threads (1-D)."""
        mem = Memory(buffers, self.shared_bytes)
        vals = []
        for (name, t), a in zip(self.params, args):
            if isinstance(a, Buffer):
                vals.append((1, a.base))
            elif isinstance(a, BufferPtr):
                vals.append((1, a.buf.base + a.index * a.buf.esize))
            elif t.kind == "float":
                vals.append(round_float(float(a), t.name))
            else:
                vals.append(a & ((1 << t.width) - 1))
        if len(args) != len(self.params):
            raise SimError("@%s takes %d arguments, got %d" % (self.name, len(self.params), len(args)))
        gx, gy, gz = grid
        for cz in range(gz):
            for cy in range(gy):
                for cx in range(gx):
                    mem.reset_shared()
                    self._run_cta(mem, (cx, cy, cz), grid, block, vals)
        return mem

    def _run_cta(self, mem, cta, grid, block, vals):
        class Thread:
            pass
        threads, gens = [], []
        for t in range(block):
            th = Thread()
            th.tid = (cta, t)
            th.mem = mem
            th.sreg = {"tid.x": t, "tid.y": 0, "tid.z": 0,
                       "ctaid.x": cta[0], "ctaid.y": cta[1], "ctaid.z": cta[2],
                       "nctaid.x": grid[0], "nctaid.y": grid[1], "nctaid.z": grid[2],
                       "ntid.x": block, "ntid.y": 1, "ntid.z": 1,
                       "laneid": t % 32, "warpsize": 32}
            threads.append(th)
            gens.append(self._thread(th, vals))
        waiting = [None] * block  # what each thread waits at, 'done' at the end
        to_send = [None] * block

        def advance(t):
            try:
                waiting[t] = gens[t].send(to_send[t]) if waiting[t] is not None else next(gens[t])
            except StopIteration:
                waiting[t] = "done"
            to_send[t] = None

        for t in range(block):
            advance(t)
        while True:
            alive = [t for t in range(block) if waiting[t] != "done"]
            if not alive:
                return
            progressed = False
            # Shuffles: a warp whose live lanes all wait at the same shuffle.
            for w0 in range(0, block, 32):
                lanes = range(w0, min(w0 + 32, block))
                ws = [waiting[t] for t in lanes]
                if not all(isinstance(x, tuple) and x[0] == "shfl" for x in ws):
                    continue
                ops = {id(x[1]) for x in ws}
                if len(ops) != 1:
                    raise SimError("lanes of warp %d wait at different shuffles" % (w0 // 32))
                results = shuffle(ws, ws[0][1].fn)
                for t, res in zip(lanes, results):
                    to_send[t] = res
                    advance(t)
                progressed = True
            if progressed:
                continue
            if all(isinstance(waiting[t], tuple) and waiting[t][0] == "barrier" for t in alive):
                if len(alive) != block:
                    raise SimError("barrier reached by %d of %d threads" % (len(alive), block))
                mem.epoch += 1
                for t in alive:
                    advance(t)
                continue
            raise SimError("deadlock: threads wait at shuffles of partly finished "
                           "warps or at barriers while others shuffle")


def shuffle(ws, kind_info):
    kind, with_pred = kind_info
    vals = [x[3] for x in ws]
    out = []
    for lane, (_, op, mask, val, b, c) in enumerate(ws):
        if not (mask >> lane) & 1:
            raise SimError("lane %d shuffles with a member mask 0x%x that excludes it" % (lane, mask))
        seg = (c >> 8) & 0x1F
        cl = c & 0x1F
        min_lane = lane & seg
        max_lane = min_lane | (cl & ~seg)
        if kind == "idx":
            j = min_lane | (b & ~seg & 0x1F)
            ok = j <= max_lane
        elif kind == "up":
            j = lane - b
            ok = j >= max_lane
        elif kind == "down":
            j = lane + b
            ok = j <= max_lane
        elif kind == "bfly":
            j = lane ^ b
            ok = j <= max_lane
        else:
            raise SimError("shuffle kind " + kind)
        if not ok:
            j = lane
        if j >= len(vals):
            raise SimError("lane %d reads lane %d beyond the warp" % (lane, j))
        if not (mask >> j) & 1:
            raise SimError("lane %d reads lane %d outside the member mask" % (lane, j))
        v = vals[j]
        out.append((v, int(ok)) if with_pred else v)
    return out


def parse_scalar(text, t):
    text = text.strip()
    if t.kind == "int":
        if text in ("true", "false"):
            return int(text == "true")
        return int(text, 0) & ((1 << t.width) - 1)
    if t.kind == "float":
        if text.startswith("0x"):
            return bits_to_float(int(text, 16), t.name)
        return round_float(float(text), t.name)
    raise SimError("constant of type kind " + t.kind)


def undef_value(t):
    if t.kind in ("struct", "vector", "array"):
        return tuple(undef_value(e) for e in t.elems)
    if t.kind == "float":
        return math.nan
    if t.kind == "ptr":
        return (t.space, 0)
    return 0


def zero_value(t):
    if t.kind in ("struct", "vector", "array"):
        return tuple(zero_value(e) for e in t.elems)
    if t.kind == "float":
        return 0.0
    if t.kind == "ptr":
        return (t.space, 0)
    return 0
