#ifndef TMM_CACHE_HINT_H
#define TMM_CACHE_HINT_H

/// Asks the CPU to start loading the cache line at `address` and carries on at once
/// (Swift has no way to say this itself). A hint: nothing happens if the address is
/// not mapped, and nothing is read into a register.
static inline void tmm_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// The same for a line about to be written.
static inline void tmm_prefetch_for_write(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
