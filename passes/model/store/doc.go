// Package store is the small API between fencecheck's engine
// (passes/model) and its store readers: one package per family of sinks
// and lease stores (SQL, Redis, documents, CQL, key-value stores,
// coordination services, cloud storage, HTTP), each turning a call of its
// libraries into a typed op.
//
// A reader is given a Call (the instruction, its catalogue entry, its
// handle and arguments) and the engine's Core, through which it may ask
// only what the engine alone knows: the constant text a value holds, and
// whether a value was issued by the lease's claim. It returns one Op:
//
//   - Acquire: the call takes a lease (with its token and key, when the
//     call yields them);
//   - Release, Renew: it ends or extends a lease;
//   - Write: it writes to a sink, with the guard that protects the write;
//   - NotWrite: it writes, but cannot corrupt newer state (a cleanup by
//     age, a claim of the record's own lease), with the reason;
//   - Unknown: the reader cannot tell (a filter built elsewhere), with the
//     reason, and the engine stays silent.
//
// The package also holds what readers share: the guard kinds, the helpers
// that read SSA values (this file's siblings), and, in package vocab, the
// vocabulary of lease, token and state names. Readers import store and
// vocab only, never the engine.
package store
