import { Controller, Get, Header } from '@nestjs/common';
import { OPERATIONS, ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '@zulip-es/contracts';
import { openApiDocument } from './openapi-document';

/** `GET /openapi.json`: the OpenAPI document of the operations this server serves (built once). */
@Controller()
export class OpenApiController {
  private document?: string;

  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  serve(): string {
    return (this.document ??= JSON.stringify(openApiDocument(OPERATIONS, `${ZULIP_VERSION} (feature level ${ZULIP_FEATURE_LEVEL})`)));
  }
}
