// Package objectcase exports nightly reports to S3, GCS, Azure Blob and
// DynamoDB while it holds an etcd lock; the lock's revision is the
// fencing token shipped to each store.
package objectcase

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"cloud.google.com/go/storage"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/streaming"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blob"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blockblob"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/s3/manager"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("objectcase: a newer export holds the object")

// Exporter writes one report to every store.
type Exporter struct {
	Etcd   *clientv3.Client
	S3     *s3.Client
	Dynamo *dynamodb.Client
	GCS    *storage.Client
	Blob   *blockblob.Client
	Bucket string
}

// lock takes /locks/export and returns the lock's revision as token.
//
//fencecheck:acquire
func (x *Exporter) lock(ctx context.Context) (*concurrency.Session, int64, error) {
	sess, err := concurrency.NewSession(x.Etcd)
	if err != nil {
		return nil, 0, err
	}
	m := concurrency.NewMutex(sess, "/locks/export")
	if err := m.Lock(ctx); err != nil {
		sess.Close()
		return nil, 0, err
	}
	return sess, m.Header().Revision, nil
}

// ExportS3 writes the report object.
func (x *Exporter) ExportS3(ctx context.Context, day string, report []byte) error {
	sess, err := concurrency.NewSession(x.Etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/export/"+day)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	tok := m.Header().Revision
	key := aws.String("reports/" + day + ".json")

	if _, err := x.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: key, Body: bytes.NewReader(report)}); err != nil { // want `unfenced`
		return err
	}

	head, err := x.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(x.Bucket), Key: key})
	if err != nil {
		return err
	}
	if stored, _ := strconv.ParseInt(head.Metadata["fence"], 10, 64); stored > tok {
		return errStale
	}
	if _, err := x.S3.PutObject(ctx, &s3.PutObjectInput{ // ok: IfMatch on the ETag whose fence metadata was compared with our token
		Bucket:   aws.String(x.Bucket),
		Key:      key,
		Body:     bytes.NewReader(report),
		IfMatch:  head.ETag,
		Metadata: map[string]string{"fence": strconv.FormatInt(tok, 10)},
	}); err != nil {
		return err
	}

	again, err := x.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(x.Bucket), Key: key})
	if err != nil {
		return err
	}
	if _, err := x.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: key, Body: bytes.NewReader(report), IfMatch: again.ETag}); err != nil { // want `weakguard`
		return err
	}

	x.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: aws.String("reports/" + day + ".sha"), Body: bytes.NewReader(report), IfNoneMatch: aws.String("*")}) // want `uncheckedfence`

	versioned := aws.String(fmt.Sprintf("reports/%s/%020d.json", day, tok))
	if _, err := x.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: versioned, Body: bytes.NewReader(report), IfNoneMatch: aws.String("*")}); err != nil { // ok: create-only under a token-numbered key cannot overwrite newer state
		return err
	}

	up := manager.NewUploader(x.S3)
	if _, err := up.Upload(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: aws.String("reports/latest.json"), Body: bytes.NewReader(report)}); err != nil { // want `unfenced`
		return err
	}
	if _, err := up.Upload(ctx, &s3.PutObjectInput{Bucket: aws.String(x.Bucket), Key: versioned, Body: bytes.NewReader(report), IfNoneMatch: aws.String("*")}); err != nil { // ok: create-only upload of a token-numbered key
		return err
	}

	select {
	case <-sess.Done():
		return errStale
	default:
	}
	if _, err := x.S3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(x.Bucket), Key: aws.String("reports/" + day + ".tmp")}); err != nil { // want `preflight`
		return err
	}
	return nil
}

// ExportDynamo records the export in a DynamoDB table.
func (x *Exporter) ExportDynamo(ctx context.Context, day string) error {
	sess, tok, err := x.lock(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()
	item := map[string]types.AttributeValue{
		"day":         &types.AttributeValueMemberS{Value: day},
		"fence_token": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)},
	}
	table := aws.String("exports")

	if _, err := x.Dynamo.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: item}); err != nil { // want `unfenced`
		return err
	}

	_, err = x.Dynamo.PutItem(ctx, &dynamodb.PutItemInput{ // ok: the condition compares the stored token with ours
		TableName:                 table,
		Item:                      item,
		ConditionExpression:       aws.String("attribute_not_exists(fence_token) OR fence_token < :tok"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":tok": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return errStale
	}
	if err != nil {
		return err
	}

	if _, err := x.Dynamo.UpdateItem(ctx, &dynamodb.UpdateItemInput{ // want `weakguard`
		TableName:                 table,
		Key:                       map[string]types.AttributeValue{"day": &types.AttributeValueMemberS{Value: day}},
		UpdateExpression:          aws.String("SET exported = :t"),
		ConditionExpression:       aws.String("fence_token > :tok"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":tok": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}, ":t": &types.AttributeValueMemberS{Value: "yes"}},
	}); err != nil {
		return err
	}

	x.Dynamo.DeleteItem(ctx, &dynamodb.DeleteItemInput{ // want `uncheckedfence`
		TableName:                 table,
		Key:                       map[string]types.AttributeValue{"day": &types.AttributeValueMemberS{Value: day + "#draft"}},
		ConditionExpression:       aws.String("fence_token < :tok"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":tok": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}},
	})

	_, err = x.Dynamo.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{ // ok: ConditionCheck on the lease row carries our token
		TransactItems: []types.TransactWriteItem{
			{ConditionCheck: &types.ConditionCheck{
				TableName:                 aws.String("leases"),
				Key:                       map[string]types.AttributeValue{"name": &types.AttributeValueMemberS{Value: "export"}},
				ConditionExpression:       aws.String("fence_token = :tok"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":tok": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}},
			}},
			{Put: &types.Put{TableName: table, Item: item}},
		},
	})
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		return errStale
	}
	if err != nil {
		return err
	}

	if _, err := x.Dynamo.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{ // want `unfenced`
		RequestItems: map[string][]types.WriteRequest{"exports": {{PutRequest: &types.PutRequest{Item: item}}}},
	}); err != nil {
		return err
	}
	return nil
}

// ExportGCS writes the report to Cloud Storage.
func (x *Exporter) ExportGCS(ctx context.Context, day string, report []byte) error {
	sess, tok, err := x.lock(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()
	obj := x.GCS.Bucket(x.Bucket).Object("reports/" + day + ".json")

	w := obj.NewWriter(ctx)
	if _, err := w.Write(report); err != nil {
		return err
	}
	if err := w.Close(); err != nil { // want `unfenced`
		return err
	}

	attrs, err := obj.Attrs(ctx)
	if err != nil {
		return err
	}
	if stored, _ := strconv.ParseInt(attrs.Metadata["fence"], 10, 64); stored > tok {
		return errStale
	}
	gw := obj.If(storage.Conditions{GenerationMatch: attrs.Generation}).NewWriter(ctx)
	gw.Metadata = map[string]string{"fence": strconv.FormatInt(tok, 10)}
	if _, err := gw.Write(report); err != nil {
		return err
	}
	if err := gw.Close(); err != nil { // ok: GenerationMatch on the generation whose fence metadata was compared with our token
		return err
	}

	cur, err := obj.Attrs(ctx)
	if err != nil {
		return err
	}
	ww := obj.If(storage.Conditions{GenerationMatch: cur.Generation}).NewWriter(ctx)
	if _, err := ww.Write(report); err != nil {
		return err
	}
	if err := ww.Close(); err != nil { // want `weakguard`
		return err
	}

	nw := x.GCS.Bucket(x.Bucket).Object(fmt.Sprintf("reports/%s/%020d.json", day, tok)).If(storage.Conditions{DoesNotExist: true}).NewWriter(ctx)
	if _, err := nw.Write(report); err != nil {
		return err
	}
	if err := nw.Close(); err != nil { // ok: create-only under a token-numbered name
		return err
	}
	return nil
}

// ExportBlob writes the report to Azure Blob Storage.
func (x *Exporter) ExportBlob(ctx context.Context, day string, report []byte) error {
	sess, tok, err := x.lock(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()

	if _, err := x.Blob.UploadBuffer(ctx, report, nil); err != nil { // want `unfenced`
		return err
	}
	if _, err := x.Blob.Upload(ctx, streaming.NopCloser(bytes.NewReader(report)), &blockblob.UploadOptions{ // ok: create-only upload, the token is in the metadata of a blob that cannot be overwritten
		Metadata:         map[string]*string{"fence": to.Ptr(strconv.FormatInt(tok, 10))},
		AccessConditions: &blob.AccessConditions{ModifiedAccessConditions: &blob.ModifiedAccessConditions{IfNoneMatch: to.Ptr(azcore.ETagAny)}},
	}); err != nil {
		return err
	}
	x.Blob.UploadBuffer(ctx, report, &blockblob.UploadBufferOptions{ // want `uncheckedfence`
		AccessConditions: &blob.AccessConditions{ModifiedAccessConditions: &blob.ModifiedAccessConditions{IfNoneMatch: to.Ptr(azcore.ETagAny)}},
	})
	return nil
}

// Backfill writes without holding the lock.
func Backfill(ctx context.Context, c *s3.Client, bucket, key string, body []byte) error {
	_, err := c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(key), Body: bytes.NewReader(body)}) // ok: no lease is held
	return err
}
