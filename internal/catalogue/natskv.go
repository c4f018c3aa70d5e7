package catalogue

// Import paths of the NATS JetStream key-value APIs the catalogue models:
// the jetstream package (methods take a context) and the legacy
// nats.KeyValue.
const (
	natsLegacy = "github.com/nats-io/nats.go"
	jetstream  = "github.com/nats-io/nats.go/jetstream"
)

// natsKVEntries returns the NATS JetStream key-value part of the table.
// Both KeyValue interfaces share one shape: Put and PutString overwrite;
// Update(key, value, revision) writes only if the key's latest revision is
// the one given, so the revision is its token; Create writes only if the
// key does not exist, a create-only condition like S3 IfNoneMatch "*",
// and takes a lock when the function deletes the key on return;
// Delete and Purge are compare-and-set when given LastRevision(rev); Get
// reads an entry whose revision (KeyValueEntry.Revision) is fresh, not a
// token.
func natsKVEntries() []Entry {
	var t []Entry
	for _, api := range []struct {
		lib string
		arg int // the revision argument of Update
	}{{jetstream, 3}, {natsLegacy, 2}} {
		kv := "(" + api.lib + ".KeyValue)."
		t = append(t,
			entry(api.lib, kv+"Put", Sink).withVerb("puts"),
			entry(api.lib, kv+"PutString", Sink).withVerb("puts"),
			entry(api.lib, kv+"Update", Guarded).withArg(api.arg).withVerb("updates"),
			entry(api.lib, kv+"Create", CreateOnly).withFields("Delete", "Purge").withVerb("creates"),
			entry(api.lib, kv+"Delete", OptionGuard).withFields(api.lib+".LastRevision").withVerb("deletes"),
			entry(api.lib, kv+"Purge", OptionGuard).withFields(api.lib+".LastRevision").withVerb("purges"),
			entry(api.lib, kv+"Get", Read), entry(api.lib, kv+"GetRevision", Read))
	}
	return t
}
