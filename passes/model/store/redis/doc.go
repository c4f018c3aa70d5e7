// Package redis reads the calls of Redis clients (go-redis v9, v8 and v7,
// redigo, rueidis and its go-redis-like adapter rueidiscompat) for the
// engine: which command a call runs, on which key, and what that does
// under a lease.
//
// Commands come three ways: a method per command (go-redis,
// rueidiscompat: SetNX, Del), a command run by name (redigo's
// Do("SET", key, v, "NX", "PX", ttl)), and a command built by a chain of
// builder methods (rueidis's Do(ctx, client.B().Set().Key(key).Value(v).
// Nx().Px(ttl).Build())). A built command is read as the command run by
// name that its chain spells: the first method names the command (Set:
// SET), each later one an option (Nx: NX, Px and PxMilliseconds: PX), and
// the values passed along the chain (Key, Value, FieldValue) are its
// arguments in order; from there both are read alike. A command built in
// another function, or through a variable set on several paths, is not
// read. A rueidis DoMulti runs several: a release among them makes the
// call a release, else it is read as its first unfenced write.
//
// Most commands are writes. Three kinds are not overwrites:
//
//   - a create-only write (SETNX, SET … NX, HSETNX, MSETNX, ZADD NX)
//     creates its key only if it is absent, so it cannot overwrite what a
//     newer holder wrote;
//   - a SET … NX with an expiry whose success the code checks, on a key
//     the package also deletes or extends (DEL, PEXPIRE, or a script that
//     does so only while the key holds the caller's value), is the
//     acquisition of a lock held in that key: a lease, whatever value it
//     stores. Deleting the key releases the lock and extending its expiry
//     renews it. A release by plain DEL can free another holder's lock
//     once this one's expired; it is a release all the same;
//   - a command inside a WATCH … MULTI … EXEC transaction on one redigo
//     connection or rueidis dedicated client (MULTI, the writes and EXEC
//     may be one DoMulti) that reads the watched key is checked by the
//     server.
//
// Keys are compared by shape: the same text (constants, concatenation and
// Sprintf, with the parts computed at run time as holes), the same struct
// field, a parameter of methods of the same type, or the same value in
// one function and the closures it makes; a parameter the function
// stores in one struct field (a lock helper returning &Lock{key: key})
// has that field's shape. A key a method takes whole from
// its caller counts only with a release or renewal by a script that
// checks the holder's value (a client wrapper's Del says nothing about
// locks). A SET … NX whose key matches none of the package's releases is
// read as a create-only write, never as a lease. A reservation counts
// only on a key the package names (a text or a struct field): a client
// wrapper that moves whatever lists its caller passes reserves nothing.
package redis
