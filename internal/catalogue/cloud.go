package catalogue

// Import paths of the object store, cloud database and messaging
// libraries the catalogue models.
const (
	s3        = "github.com/aws/aws-sdk-go-v2/service/s3"
	s3manager = "github.com/aws/aws-sdk-go-v2/feature/s3/manager"
	dynamodb  = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	gcs       = "cloud.google.com/go/storage"
	azblob    = "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
	blockblob = "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blockblob"
	kafkago   = "github.com/segmentio/kafka-go"
	sarama    = "github.com/IBM/sarama"
	franz     = "github.com/twmb/franz-go/pkg/kgo"
	nethttp   = "net/http"
)

// cloudEntries returns the object store, cloud database, messaging and
// HTTP part of the table.
func cloudEntries() []Entry {
	var t []Entry
	add := func(es ...Entry) { t = append(t, es...) }

	const s3c = "(*github.com/aws/aws-sdk-go-v2/service/s3.Client)."
	add(entry(s3, s3c+"PutObject", CondSink).withArg(1).withFields("IfMatch", "IfNoneMatch").withVerb("puts"),
		entry(s3, s3c+"CopyObject", CondSink).withArg(1).withFields("IfMatch", "IfNoneMatch").withVerb("copies"),
		entry(s3, s3c+"CompleteMultipartUpload", CondSink).withArg(1).withFields("IfMatch", "IfNoneMatch").withVerb("completes"),
		entry(s3, s3c+"DeleteObject", CondSink).withArg(1).withFields("IfMatch", "IfMatchLastModifiedTime", "IfMatchSize").withVerb("deletes"),
		entry(s3, s3c+"DeleteObjects", Sink).withVerb("deletes"),
		entry(s3, s3c+"HeadObject", Read), entry(s3, s3c+"GetObject", Read),
		entry(s3manager, "(github.com/aws/aws-sdk-go-v2/feature/s3/manager.Uploader).Upload", CondSink).withArg(1).withFields("IfMatch", "IfNoneMatch").withVerb("uploads"))

	const ddb = "(*github.com/aws/aws-sdk-go-v2/service/dynamodb.Client)."
	for _, m := range []string{"PutItem", "UpdateItem", "DeleteItem"} {
		add(entry(dynamodb, ddb+m, CondSink).withArg(1).withFields("ConditionExpression", "Expected").withVerb("writes"))
	}
	add(entry(dynamodb, ddb+"TransactWriteItems", OpsGuard).withFields("ConditionCheck", "ConditionExpression").withVerb("writes"),
		entry(dynamodb, ddb+"BatchWriteItem", Sink).withVerb("writes"),
		entry(dynamodb, ddb+"GetItem", Read))

	// A GCS write commits at Writer.Close; the handle's If(…) guards it.
	const obj = "(*cloud.google.com/go/storage.ObjectHandle)."
	add(entry(gcs, "(*cloud.google.com/go/storage.Writer).Close", ChainGuard).withFields("If").withVerb("writes"))
	for _, m := range []string{"Delete", "Update"} {
		add(entry(gcs, obj+m, ChainGuard).withFields("If").withVerb("writes"))
	}
	add(entry(gcs, obj+"Attrs", Read))

	const az, bb = "(*github.com/Azure/azure-sdk-for-go/sdk/storage/azblob.Client).", "(*github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blockblob.Client)."
	add(entry(azblob, az+"UploadBuffer", CondSink).withArg(3).withFields("AccessConditions").withVerb("uploads"),
		entry(azblob, az+"UploadFile", CondSink).withArg(3).withFields("AccessConditions").withVerb("uploads"),
		entry(azblob, az+"UploadStream", CondSink).withArg(3).withFields("AccessConditions").withVerb("uploads"),
		entry(azblob, az+"DeleteBlob", CondSink).withArg(3).withFields("AccessConditions").withVerb("deletes"),
		entry(blockblob, bb+"Upload", CondSink).withArg(2).withFields("AccessConditions").withVerb("uploads"),
		entry(blockblob, bb+"UploadBuffer", CondSink).withArg(2).withFields("AccessConditions").withVerb("uploads"),
		entry(blockblob, bb+"UploadStream", CondSink).withArg(2).withFields("AccessConditions").withVerb("uploads"),
		entry(blockblob, bb+"CommitBlockList", CondSink).withArg(2).withFields("AccessConditions").withVerb("commits"))

	add(entry(kafkago, "(*github.com/segmentio/kafka-go.Writer).WriteMessages", Sink).withVerb("produces"))
	for _, m := range []string{"SendMessage", "SendMessages"} {
		add(entry(sarama, "(github.com/IBM/sarama.SyncProducer)."+m, TxnProduce).withFields("BeginTxn").withVerb("produces"))
	}
	// The broker rejects a fenced producer's transaction at commit.
	add(entry(sarama, "(github.com/IBM/sarama.SyncProducer).CommitTxn", Guarded).withVerb("commits"),
		entry(franz, "(*github.com/twmb/franz-go/pkg/kgo.Client).EndTransaction", Guarded).withVerb("commits"))
	const kgo = "(*github.com/twmb/franz-go/pkg/kgo.Client)."
	for _, m := range []string{"Produce", "ProduceSync", "TryProduce"} {
		add(entry(franz, kgo+m, TxnProduce).withFields("BeginTransaction").withVerb("produces"))
	}

	add(entry(nethttp, "net/http.Post", Sink).withVerb("posts"), entry(nethttp, "net/http.PostForm", Sink).withVerb("posts"),
		entry(nethttp, "(*net/http.Client).Post", Sink).withVerb("posts"), entry(nethttp, "(*net/http.Client).PostForm", Sink).withVerb("posts"),
		entry(nethttp, "(*net/http.Client).Do", HTTPDo).withVerb("sends"))
	return t
}
