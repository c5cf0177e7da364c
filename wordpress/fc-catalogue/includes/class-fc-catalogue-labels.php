<?php
/**
 * What WordPress's screens call FC's post types and taxonomies, in the editor's language (text
 * domain `fc-catalogue`): the labels of register_post_type / register_taxonomy, written out per
 * type because a translation needs whole phrases ("Add New Collection" is "Aggiungi nuova
 * collezione", with the noun's gender), and the phrases the editing screens and refusals use: a
 * type with its article ("a collection", for "“Marea” is a collection, not a designer."), the
 * title of its panel, and the help of a relation field that searches it.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Labels {

	/** register_post_type's labels of one of FC's post types. */
	public static function post_type( string $type ): array {
		$method = "{$type}_labels";
		return method_exists( __CLASS__, $method ) ? self::$method() : array();
	}

	/** register_taxonomy's labels of one of FC's taxonomies. */
	public static function taxonomy( string $taxonomy ): array {
		$method = "{$taxonomy}_labels";
		return method_exists( __CLASS__, $method ) ? self::$method() : array();
	}

	/** One item of a post type with its article, as a refusal names it: "a designer". */
	public static function an_item( string $type ): string {
		switch ( $type ) {
			case 'products':
				return __( 'a product', 'fc-catalogue' );
			case 'collections':
				return __( 'a collection', 'fc-catalogue' );
			case 'exclusives':
				return __( 'an exclusive', 'fc-catalogue' );
			case 'designers':
				return __( 'a designer', 'fc-catalogue' );
			case 'projects':
				return __( 'a project', 'fc-catalogue' );
			case 'imagemap_products':
				return __( 'an imagemap', 'fc-catalogue' );
		}
		$object = get_post_type_object( $type );
		/* translators: %s: the name of a kind of WordPress item (Page, Post, Media, …) */
		return sprintf( __( 'an item of the kind “%s”', 'fc-catalogue' ), $object ? $object->labels->singular_name : $type );
	}

	/** The title of the block editor's panel with an item's fields. */
	public static function panel( string $type ): string {
		switch ( $type ) {
			case 'products':
				return __( 'Product details', 'fc-catalogue' );
			case 'collections':
				return __( 'Collection details', 'fc-catalogue' );
			case 'exclusives':
				return __( 'Exclusive details', 'fc-catalogue' );
			case 'designers':
				return __( 'Designer details', 'fc-catalogue' );
			case 'projects':
				return __( 'Project details', 'fc-catalogue' );
			case 'imagemap_products':
				return __( 'Imagemap details', 'fc-catalogue' );
		}
		return __( 'Front page', 'fc-catalogue' );
	}

	/** The help under a relation field: how to find an item of `$type`. */
	public static function search_help( string $type ): string {
		switch ( $type ) {
			case 'products':
				return __( 'Type to search the published products by name.', 'fc-catalogue' );
			case 'collections':
				return __( 'Type to search the published collections by name.', 'fc-catalogue' );
			case 'exclusives':
				return __( 'Type to search the published exclusives by name.', 'fc-catalogue' );
			case 'designers':
				return __( 'Type to search the published designers by name.', 'fc-catalogue' );
			case 'projects':
				return __( 'Type to search the published projects by name.', 'fc-catalogue' );
		}
		return __( 'Type to search the published imagemaps by name.', 'fc-catalogue' );
	}

	/** Products: what WordPress's screens call them. */
	private static function products_labels(): array {
		return array(
			'name'                   => __( 'Products', 'fc-catalogue' ),
			'singular_name'          => __( 'Product', 'fc-catalogue' ),
			'menu_name'              => __( 'Products', 'fc-catalogue' ),
			'all_items'              => __( 'All Products', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'product', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Product', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Product', 'fc-catalogue' ),
			'new_item'               => __( 'New Product', 'fc-catalogue' ),
			'view_item'              => __( 'View Product', 'fc-catalogue' ),
			'view_items'             => __( 'View Products', 'fc-catalogue' ),
			'search_items'           => __( 'Search Products', 'fc-catalogue' ),
			'not_found'              => __( 'No products found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No products found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Product Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this product', 'fc-catalogue' ),
			'item_published'         => __( 'Product published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Product updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Product scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Product reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Collections: what WordPress's screens call them. */
	private static function collections_labels(): array {
		return array(
			'name'                   => __( 'Collections', 'fc-catalogue' ),
			'singular_name'          => __( 'Collection', 'fc-catalogue' ),
			'menu_name'              => __( 'Collections', 'fc-catalogue' ),
			'all_items'              => __( 'All Collections', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'collection', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Collection', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Collection', 'fc-catalogue' ),
			'new_item'               => __( 'New Collection', 'fc-catalogue' ),
			'view_item'              => __( 'View Collection', 'fc-catalogue' ),
			'view_items'             => __( 'View Collections', 'fc-catalogue' ),
			'search_items'           => __( 'Search Collections', 'fc-catalogue' ),
			'not_found'              => __( 'No collections found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No collections found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Collection Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this collection', 'fc-catalogue' ),
			'item_published'         => __( 'Collection published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Collection updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Collection scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Collection reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Exclusives: what WordPress's screens call them. */
	private static function exclusives_labels(): array {
		return array(
			'name'                   => __( 'Exclusives', 'fc-catalogue' ),
			'singular_name'          => __( 'Exclusive', 'fc-catalogue' ),
			'menu_name'              => __( 'Exclusives', 'fc-catalogue' ),
			'all_items'              => __( 'All Exclusives', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'exclusive', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Exclusive', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Exclusive', 'fc-catalogue' ),
			'new_item'               => __( 'New Exclusive', 'fc-catalogue' ),
			'view_item'              => __( 'View Exclusive', 'fc-catalogue' ),
			'view_items'             => __( 'View Exclusives', 'fc-catalogue' ),
			'search_items'           => __( 'Search Exclusives', 'fc-catalogue' ),
			'not_found'              => __( 'No exclusives found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No exclusives found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Exclusive Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this exclusive', 'fc-catalogue' ),
			'item_published'         => __( 'Exclusive published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Exclusive updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Exclusive scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Exclusive reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Designers: what WordPress's screens call them. */
	private static function designers_labels(): array {
		return array(
			'name'                   => __( 'Designers', 'fc-catalogue' ),
			'singular_name'          => __( 'Designer', 'fc-catalogue' ),
			'menu_name'              => __( 'Designers', 'fc-catalogue' ),
			'all_items'              => __( 'All Designers', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'designer', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Designer', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Designer', 'fc-catalogue' ),
			'new_item'               => __( 'New Designer', 'fc-catalogue' ),
			'view_item'              => __( 'View Designer', 'fc-catalogue' ),
			'view_items'             => __( 'View Designers', 'fc-catalogue' ),
			'search_items'           => __( 'Search Designers', 'fc-catalogue' ),
			'not_found'              => __( 'No designers found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No designers found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Designer Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this designer', 'fc-catalogue' ),
			'item_published'         => __( 'Designer published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Designer updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Designer scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Designer reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Projects: what WordPress's screens call them. */
	private static function projects_labels(): array {
		return array(
			'name'                   => __( 'Projects', 'fc-catalogue' ),
			'singular_name'          => __( 'Project', 'fc-catalogue' ),
			'menu_name'              => __( 'Projects', 'fc-catalogue' ),
			'all_items'              => __( 'All Projects', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'project', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Project', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Project', 'fc-catalogue' ),
			'new_item'               => __( 'New Project', 'fc-catalogue' ),
			'view_item'              => __( 'View Project', 'fc-catalogue' ),
			'view_items'             => __( 'View Projects', 'fc-catalogue' ),
			'search_items'           => __( 'Search Projects', 'fc-catalogue' ),
			'not_found'              => __( 'No projects found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No projects found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Project Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this project', 'fc-catalogue' ),
			'item_published'         => __( 'Project published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Project updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Project scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Project reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Imagemaps: what WordPress's screens call them. */
	private static function imagemap_products_labels(): array {
		return array(
			'name'                   => __( 'Imagemaps', 'fc-catalogue' ),
			'singular_name'          => __( 'Imagemap', 'fc-catalogue' ),
			'menu_name'              => __( 'Imagemaps', 'fc-catalogue' ),
			'all_items'              => __( 'All Imagemaps', 'fc-catalogue' ),
			'add_new'                => _x( 'Add New', 'imagemap', 'fc-catalogue' ),
			'add_new_item'           => __( 'Add New Imagemap', 'fc-catalogue' ),
			'edit_item'              => __( 'Edit Imagemap', 'fc-catalogue' ),
			'new_item'               => __( 'New Imagemap', 'fc-catalogue' ),
			'view_item'              => __( 'View Imagemap', 'fc-catalogue' ),
			'view_items'             => __( 'View Imagemaps', 'fc-catalogue' ),
			'search_items'           => __( 'Search Imagemaps', 'fc-catalogue' ),
			'not_found'              => __( 'No imagemaps found', 'fc-catalogue' ),
			'not_found_in_trash'     => __( 'No imagemaps found in Trash', 'fc-catalogue' ),
			'attributes'             => __( 'Imagemap Attributes', 'fc-catalogue' ),
			'uploaded_to_this_item'  => __( 'Uploaded to this imagemap', 'fc-catalogue' ),
			'item_published'         => __( 'Imagemap published.', 'fc-catalogue' ),
			'item_updated'           => __( 'Imagemap updated.', 'fc-catalogue' ),
			'item_scheduled'         => __( 'Imagemap scheduled.', 'fc-catalogue' ),
			'item_reverted_to_draft' => __( 'Imagemap reverted to draft.', 'fc-catalogue' ),
		);
	}

	/** Product categories. */
	private static function product_categories_labels(): array {
		return array(
			'name'              => __( 'Product categories', 'fc-catalogue' ),
			'singular_name'     => __( 'Category', 'fc-catalogue' ),
			'menu_name'         => __( 'Categories', 'fc-catalogue' ),
			'all_items'         => __( 'All Categories', 'fc-catalogue' ),
			'search_items'      => __( 'Search Categories', 'fc-catalogue' ),
			'parent_item'       => __( 'Parent Category', 'fc-catalogue' ),
			'parent_item_colon' => __( 'Parent Category:', 'fc-catalogue' ),
			'edit_item'         => __( 'Edit Category', 'fc-catalogue' ),
			'view_item'         => __( 'View Category', 'fc-catalogue' ),
			'update_item'       => __( 'Update Category', 'fc-catalogue' ),
			'add_new_item'      => __( 'Add New Category', 'fc-catalogue' ),
			'new_item_name'     => __( 'New Category Name', 'fc-catalogue' ),
			'not_found'         => __( 'No categories found', 'fc-catalogue' ),
			'no_terms'          => __( 'No categories', 'fc-catalogue' ),
			'back_to_items'     => __( '← Go to Categories', 'fc-catalogue' ),
		);
	}

	/** Colours. */
	private static function product_colors_labels(): array {
		return array(
			'name'              => __( 'Colours', 'fc-catalogue' ),
			'singular_name'     => __( 'Colour', 'fc-catalogue' ),
			'menu_name'         => __( 'Colours', 'fc-catalogue' ),
			'all_items'         => __( 'All Colours', 'fc-catalogue' ),
			'search_items'      => __( 'Search Colours', 'fc-catalogue' ),
			'parent_item'       => __( 'Parent Colour', 'fc-catalogue' ),
			'parent_item_colon' => __( 'Parent Colour:', 'fc-catalogue' ),
			'edit_item'         => __( 'Edit Colour', 'fc-catalogue' ),
			'view_item'         => __( 'View Colour', 'fc-catalogue' ),
			'update_item'       => __( 'Update Colour', 'fc-catalogue' ),
			'add_new_item'      => __( 'Add New Colour', 'fc-catalogue' ),
			'new_item_name'     => __( 'New Colour Name', 'fc-catalogue' ),
			'not_found'         => __( 'No colours found', 'fc-catalogue' ),
			'no_terms'          => __( 'No colours', 'fc-catalogue' ),
			'back_to_items'     => __( '← Go to Colours', 'fc-catalogue' ),
		);
	}
}
