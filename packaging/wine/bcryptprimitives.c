/* A stand-in for Windows' bcryptprimitives.dll, for running petstore.exe under Debian 12's Wine 8.0 in
 * packaging/check.sh only; it is never shipped. Rust's standard library (1.78 and later) takes its random
 * bytes from ProcessPrng in bcryptprimitives.dll, which Wine gained only in version 9: without this, Wine 8.0
 * refuses to start the program (status c0000135). It draws from RtlGenRandom, which Wine 8.0 has. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
