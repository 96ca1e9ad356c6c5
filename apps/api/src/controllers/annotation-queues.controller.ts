import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import {
  AddQueueItemsUseCase, CompleteQueueItemUseCase, CreateAnnotationQueueUseCase, GetAnnotationQueueUseCase, ListAnnotationQueuesUseCase,
  NextQueueItemUseCase, SkipQueueItemUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { answerPage, listed, pageRequest } from '../http/paging';
import { PageQueryDto, openApiSchema } from '../wire/common.wire';
import {
  AddQueueItemsDto, AddedQueueItemsDto, AnnotationItemDto, AnnotationQueueDetailDto, AnnotationQueueDto, CompleteQueueItemDto,
  CreateAnnotationQueueDto, annotationItemSchema,
} from '../wire/annotation-queue.wire';
import { presentAnnotationItem, presentAnnotationQueue, presentAnnotationQueueDetail } from '../presenters/annotation-queue.presenter';

const queueId = new IdPipe('annotation queue');
const itemId = new IdPipe('annotation item');

/** ARCHITECTURE §18: queues of traces that people score against a rubric, one item per person at a time. */
@ApiTags('annotation-queues')
@ApiSecurity('ApiKey')
@Controller('annotation-queues')
export class AnnotationQueuesController {
  constructor(
    private readonly createQueue: CreateAnnotationQueueUseCase,
    private readonly listQueues: ListAnnotationQueuesUseCase,
    private readonly getQueue: GetAnnotationQueueUseCase,
    private readonly addItems: AddQueueItemsUseCase,
    private readonly nextItem: NextQueueItemUseCase,
    private readonly completeItem: CompleteQueueItemUseCase,
    private readonly skipItem: SkipQueueItemUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ZodResponse({ status: 200, type: AnnotationQueueDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAnnotationQueueDto) {
    const queue = await this.createQueue.execute(actor, { name: body.name, scoreConfigIds: body.score_config_ids, description: body.description });
    return presentAnnotationQueue({ queue, counts: { total: 0, done: 0, held: 0 } });
  }

  @Get()
  @ZodResponse({ status: 200, type: [AnnotationQueueDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: PageQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return answerPage(req, res, await listed(() => this.listQueues.execute(actor, pageRequest(query, 'bounded'))), presentAnnotationQueue);
  }

  @Get(':queue_id')
  @ZodResponse({ status: 200, type: AnnotationQueueDetailDto })
  async get(@CurrentActor() actor: Actor, @Param('queue_id', queueId) id: string) {
    return presentAnnotationQueueDetail(await this.getQueue.execute(actor, id));
  }

  @Post(':queue_id/items')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: AddedQueueItemsDto })
  async add(@CurrentActor() actor: Actor, @Param('queue_id', queueId) id: string, @Body() body: AddQueueItemsDto) {
    const { added, alreadyQueued } = await this.addItems.execute(actor, id, body.trace_ids);
    return { added, already_queued: alreadyQueued };
  }

  /** 204 when no item is left for the caller (every item done, or held by someone else); written by hand for that reason. */
  @Post(':queue_id/next')
  @ApiOkResponse({ description: 'The item, held for the caller for 10 minutes', schema: openApiSchema(annotationItemSchema) })
  @ApiNoContentResponse({ description: 'Nothing left: every item is done or held by someone else' })
  async next(@CurrentActor() actor: Actor, @Param('queue_id', queueId) id: string, @Res() res: Response): Promise<void> {
    const item = await this.nextItem.execute(actor, id);
    if (item) res.status(200).json(presentAnnotationItem(item));
    else res.status(204).end();
  }

  @Post(':queue_id/items/:item_id/complete')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: AnnotationItemDto })
  async complete(
    @CurrentActor() actor: Actor, @Param('queue_id', queueId) id: string, @Param('item_id', itemId) item: string, @Body() body: CompleteQueueItemDto,
  ) {
    const answers = body.scores.map((score) => ({ configId: score.config_id, value: score.value, stringValue: score.string_value, comment: score.comment }));
    return presentAnnotationItem((await this.completeItem.execute(actor, id, item, answers)).item);
  }

  /** Lets the item go: the caller's hold is released and the item waits again behind every other. */
  @Post(':queue_id/items/:item_id/skip')
  @HttpCode(200)
  @ZodResponse({ status: 200, type: AnnotationItemDto })
  async skip(@CurrentActor() actor: Actor, @Param('queue_id', queueId) id: string, @Param('item_id', itemId) item: string) {
    return presentAnnotationItem(await this.skipItem.execute(actor, id, item));
  }
}
