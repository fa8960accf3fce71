"""Damaged bitcode for symplex, shared by tests/test_bitcode_mutation.py and
bench/mutation/run: compile tests/mutation/seed.c the way symplex compiles C,
flip 1-8 random bytes per mutant (each mutant from its own seed, so any row of
a run can be made again alone), run symplex on it and judge the outcome."""
import os, random, shutil, subprocess, time

HERE = os.path.dirname(os.path.abspath(__file__))
SEED_SOURCE = os.path.join(HERE, "seed.c")
CLANG = "/usr/lib/llvm-16/bin/clang"


def compile_seed(bin_dir, work):
    """seed.c to bitcode with symplex's own clang flags; returns the bytes."""
    bc = os.path.join(work, "seed.bc")
    include = os.path.join(bin_dir, "..", "include")
    subprocess.run([CLANG, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-I" + include,
                    "-o", bc, SEED_SOURCE], check=True)
    with open(bc, "rb") as f:
        return f.read()


def mutant_seed(base_seed, index):
    return base_seed * 1000003 + index


def mutate(data, seed):
    """data with 1-8 bytes (positions may repeat) XORed with a non-zero byte."""
    rng = random.Random(seed)
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] ^= rng.randint(1, 255)
    return bytes(out)


def run_mutant(symplex, work, index, seed, data, max_time=2, timeout=120):
    """Writes mutant `index` (data mutated with seed; seed None: data as it
    is), runs symplex on it; returns a dict with the outcome (status: exit
    status, None if killed or timed out; signal; seconds; stderr)."""
    path = os.path.join(work, "m%05d.bc" % index)
    out = os.path.join(work, "out%05d" % index)
    with open(path, "wb") as f:
        f.write(data if seed is None else mutate(data, seed))
    start = time.monotonic()
    try:
        r = subprocess.run([symplex, "--quiet", "--max-time=%g" % max_time, "--output-dir=" + out,
                            os.path.basename(path)],
                           cwd=work, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        status, stderr = r.returncode, r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        status, stderr = None, (e.stderr or b"").decode("utf-8", "replace") + "\n(timed out)"
    seconds = time.monotonic() - start
    shutil.rmtree(out, ignore_errors=True)
    os.unlink(path)
    signal = -status if status is not None and status < 0 else 0
    return {"mutant": index, "seed": seed, "status": None if signal else status, "signal": signal,
            "seconds": seconds, "stderr": stderr}


def problems(res):
    """What is wrong with one outcome (empty list: exit 0, or exit 1 with
    exactly one `symplex: error:` line, and no sanitizer report)."""
    bad = []
    lines = [l for l in res["stderr"].splitlines() if l.strip()]
    if res["signal"]:
        bad.append("killed by signal %d" % res["signal"])
    elif res["status"] is None:
        bad.append("did not finish")
    elif res["status"] not in (0, 1):
        bad.append("exit status %d" % res["status"])
    if res["status"] == 1 and (len(lines) != 1 or not lines[0].startswith("symplex: error:")):
        bad.append("exit 1 without exactly one error line: %r" % lines[:5])
    if "Sanitizer" in res["stderr"] or "runtime error" in res["stderr"]:
        bad.append("sanitizer report: %r" % res["stderr"][:400])
    return bad


def error_line(res):
    for l in res["stderr"].splitlines():
        if l.startswith("symplex: error:"):
            return l
    return ""
