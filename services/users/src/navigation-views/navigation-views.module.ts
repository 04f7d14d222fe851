import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { AddNavigationViewHandler } from './add-navigation-view/add-navigation-view.handler';
import { GetNavigationViewsHandler } from './get-navigation-views/get-navigation-views.handler';
import { RemoveNavigationViewHandler } from './remove-navigation-view/remove-navigation-view.handler';
import { UpdateNavigationViewHandler } from './update-navigation-view/update-navigation-view.handler';

/** Each user's custom left-sidebar views. */
@Module({
  imports: [UsersProjectionModule],
  controllers: [GetNavigationViewsHandler, AddNavigationViewHandler, UpdateNavigationViewHandler, RemoveNavigationViewHandler],
})
export class NavigationViewsModule {}
