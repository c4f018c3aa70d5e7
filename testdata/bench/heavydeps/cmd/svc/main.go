// Command svc wires the service's parts together.
package main

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.temporal.io/sdk/client"

	"example.com/heavydeps/objects"
	"example.com/heavydeps/store"
	"example.com/heavydeps/workflows"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://localhost/jobs")
	if err != nil {
		log.Fatal(err)
	}
	cfg := aws.Config{Region: "eu-west-1"}
	st := &objects.Store{S3: s3.NewFromConfig(cfg), Dynamo: dynamodb.NewFromConfig(cfg), Bucket: "reports", Table: "jobs"}
	_ = st
	c, err := client.Dial(client.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	log.Fatal(workflows.Serve(c, &workflows.Activities{Jobs: &store.Jobs{Pool: pool}}))
}
