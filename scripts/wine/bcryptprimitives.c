/*
 * Test-only stand-in for Windows' bcryptprimitives.dll, for running Rust Windows
 * executables under wine 8, which lacks this DLL. Never shipped in a package: real
 * Windows (8 and later) has the DLL.
 *
 * Rust's Windows standard library gets its random bytes (HashMap seeds and the like)
 * from ProcessPrng. This shim implements it with SystemFunction036 (RtlGenRandom) from
 * advapi32, which wine has. Built by scripts/ci-windows.sh with
 *   x86_64-w64-mingw32-gcc -shared -O2 -s -o bcryptprimitives.dll \
 *       bcryptprimitives.c bcryptprimitives.def -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* Like the real one: fills the whole buffer and always returns TRUE. RtlGenRandom takes
 * a ULONG length, so a larger request is served in pieces. */
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
